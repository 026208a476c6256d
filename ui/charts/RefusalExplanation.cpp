#include "ui/charts/RefusalExplanation.h"

#include "ui/charts/GraphedTwin.h"
#include "ui/models/RowLabels.h"

#include <QCoreApplication>
#include <algorithm>

namespace graphlens::ui {
namespace {

using results::Measurement;

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::RefusalExplanation", text); }
QString qs(const std::string& text) { return QString::fromStdString(text).trimmed(); }

}  // namespace

QString RefusalExplanation::kindInWords(const std::string& kind) {
    if (kind == "capture-failed") return tr("The capture failed");
    if (kind == "mismatch") return tr("The replay differs from eager");
    if (kind == "random-draws") return tr("Replays draw new random numbers (by design)");
    if (kind == "state-across-calls") return tr("The model keeps state across calls");
    return kind.empty() ? QString() : tr("Refused: %1").arg(qs(kind));  // a kind newer than this window
}

QString RefusalExplanation::kindInSentence(const std::string& kind) {
    if (kind == "capture-failed") return tr("the capture failed");
    if (kind == "mismatch") return tr("the replay differs from eager");
    if (kind == "random-draws") return tr("replays draw new random numbers, by design");
    if (kind == "state-across-calls") return tr("the model keeps state across calls");
    return qs(kind);
}

QString RefusalExplanation::noDiagnosis() {
    return tr("No capture diagnosis in this session (measured without CUPTI, or by an older GraphLens).");
}

bool RefusalExplanation::isRefusedGraphed(const Measurement& row) {
    return row.arm == "graphed" && row.status == "refused";
}

RefusalExplanation RefusalExplanation::of(const Measurement& row) {
    RefusalExplanation out;
    out.row = tr("%1, %2, batch %3").arg(qs(row.family), qs(phaseLabel(row.phase, curveScope(row)))).arg(row.batch);
    if (!row.precision.empty()) out.row += QStringLiteral(", ") + qs(row.precision);
    if (row.pass == "profiled") out.row += tr(", profiled pass");
    out.kind = kindInWords(row.refusal_kind);
    out.call = qs(row.refusal_call);
    out.op = qs(row.refusal_op);
    out.module = qs(row.refusal_module);
    out.advice = qs(row.refusal_advice);
    out.message = qs(row.message).section(QLatin1Char('\n'), 0, 0).trimmed();
    // A mismatch has no failed call or operator: only a row with none of the five lacks its diagnosis.
    if (out.kind.isEmpty() && out.call.isEmpty() && out.op.isEmpty() && out.module.isEmpty() && out.advice.isEmpty()) {
        out.missing = noDiagnosis();
    }
    return out;
}

const Measurement* RefusalExplanation::refusedRowFor(const std::vector<Measurement>& rows, const Measurement& selected) {
    if (isRefusedGraphed(selected)) return &selected;
    const Measurement* twin = graphedTwinOf(rows, selected);
    return twin && isRefusedGraphed(*twin) ? twin : nullptr;
}

const Measurement* RefusalExplanation::firstRefused(const std::vector<Measurement>& rows) {
    const Measurement* profiled = nullptr;
    for (const auto& row : rows) {
        if (!isRefusedGraphed(row)) continue;
        if (row.pass != "profiled") return &row;
        if (!profiled) profiled = &row;
    }
    return profiled;
}

int RefusalExplanation::refusedCount(const std::vector<Measurement>& rows) {
    int timed = 0, profiled = 0;
    for (const auto& row : rows) {
        if (isRefusedGraphed(row)) ++(row.pass == "profiled" ? profiled : timed);
    }
    return timed > 0 ? timed : profiled;  // a configuration's profiled row repeats its timed one
}

}  // namespace graphlens::ui
