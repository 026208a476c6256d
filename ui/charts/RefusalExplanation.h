#pragma once
// What "Why not graphed" says about one refused graphed row, without any widget: the kind of refusal
// in words, the failed CUDA call, the ATen operator and the module in progress, what to do, and the
// row's one-line message (the capture diagnosis, results/Measurement.h refusal_*). A row without a
// diagnosis (measured without CUPTI, or by an older GraphLens) keeps its message and says why the
// rest is missing. The window's panel (WhyNotGraphedPanel) and the report's summary both read it.
#include "results/Measurement.h"

#include <QString>
#include <vector>

namespace graphlens::ui {

struct RefusalExplanation {
    QString row;      // "synthnet, infer, batch 8, fp16": which row this is about
    QString kind;     // "The capture failed"; empty without a diagnosis
    QString call;     // the first CUDA call that failed during the capture attempt, its error and thread
    QString op;       // the ATen operator in progress, outer > inner
    QString module;   // the module that broke the capture, or the first whose output differs
    QString advice;   // what to do, one sentence
    QString message;  // the row's one-line summary, always shown
    QString missing;  // why the detail above is missing; empty when the row has a diagnosis

    static RefusalExplanation of(const results::Measurement& row);
    bool hasDiagnosis() const { return missing.isEmpty(); }

    // A graphed row (timed or profiled) whose status is "refused".
    static bool isRefusedGraphed(const results::Measurement& row);
    // The refused graphed row `selected` stands for: `selected` itself, or (an eager row) its
    // configuration's timed graphed row in `rows` when that one was refused; null otherwise.
    static const results::Measurement* refusedRowFor(const std::vector<results::Measurement>& rows,
                                                     const results::Measurement& selected);
    // The first refused graphed timed row (else profiled), or null: what is shown while nothing is selected.
    static const results::Measurement* firstRefused(const std::vector<results::Measurement>& rows);
    // The refused graphed timed rows (the profiled ones where there are none).
    static int refusedCount(const std::vector<results::Measurement>& rows);

    // "The capture failed", "The replay differs from eager", ...; an unknown kind is named as written.
    static QString kindInWords(const std::string& kind);
    // The same, to stand inside a sentence: "the capture failed", "replays draw new random numbers, by design".
    static QString kindInSentence(const std::string& kind);
    // Why a refused row has no call, operator, module or advice.
    static QString noDiagnosis();
};

}  // namespace graphlens::ui
