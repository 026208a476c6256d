#include "ui/report/SummaryCard.h"

#include "ui/charts/RefusalExplanation.h"
#include "ui/report/PredictionSentence.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace graphlens::ui {
namespace {

using results::Measurement;

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::SummaryCard", text); }
// With a count: %n is the count, in the plural the language needs.
QString tr(const char* text, int count) {
    return QCoreApplication::translate("graphlens::ui::SummaryCard", text, nullptr, count);
}
QString qs(const std::string& text) { return QString::fromStdString(text); }

// One comparison: the eager and graphed timed rows of a batch (either may be missing).
struct BatchPair {
    int batch = 0;
    const Measurement* eager = nullptr;
    const Measurement* graphed = nullptr;
};

// Rows that are compared with each other: a training graph scope is a different graph, so it is
// its own group; so is a memory format.
struct Group {
    std::string family, phase, precision, scope, memoryFormat;
    std::vector<BatchPair> batches;  // ascending batch
};

std::vector<Group> groupTimedRows(const std::vector<Measurement>& rows) {
    std::vector<Group> groups;
    for (const auto& row : rows) {
        // Profiled rows run with CUPTI on and are slower by design (DESIGN §2): never summarised.
        if (row.pass == "profiled" || row.batch < 1 || (row.arm != "eager" && row.arm != "graphed")) continue;
        auto group = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
            return g.family == row.family && g.phase == row.phase && g.precision == row.precision &&
                   g.scope == row.scope && g.memoryFormat == row.memory_format;
        });
        if (group == groups.end()) {
            groups.push_back(Group{row.family, row.phase, row.precision, row.scope, row.memory_format, {}});
            group = groups.end() - 1;
        }
        auto& batches = group->batches;
        auto at = std::lower_bound(batches.begin(), batches.end(), row.batch,
                                   [](const BatchPair& p, int batch) { return p.batch < batch; });
        if (at == batches.end() || at->batch != row.batch) at = batches.insert(at, BatchPair{row.batch});
        (row.arm == "eager" ? at->eager : at->graphed) = &row;  // a repeated batch keeps the last row
    }
    return groups;
}

QString subject(const Group& g) {
    const auto family = qs(g.family);
    if (g.phase == "train") {
        return g.scope.empty() ? tr("%1 training steps").arg(family)
                               : tr("%1 training steps (%2 scope)").arg(family, qs(g.scope));
    }
    if (g.phase == "infer") {
        return g.scope == "network" ? tr("%1 inference (network alone)").arg(family)
                                    : tr("%1 inference steps").arg(family);
    }
    return tr("%1 %2 steps").arg(family, qs(g.phase));
}

// " in fp16 on NVIDIA H200": what the reader needs to repeat the figure.
QString context(const Group& g, const QString& device) {
    QString text;
    if (!g.precision.empty()) text += tr(" in %1").arg(qs(g.precision));
    if (g.memoryFormat == "channels_last") text += tr(", channels_last");
    if (!device.isEmpty()) text += tr(" on %1").arg(device);
    return text;
}

QString times(double speedup) { return speedupTimes(speedup); }

QString signedNumber(double value, int decimals) {
    const QString number = QString::number(std::abs(value), 'f', decimals);
    if (value < 0 && number.toDouble() != 0) return QStringLiteral("−") + number;
    return QStringLiteral("+") + number;
}

// "VRAM +68 MiB (+16%)": the reserved delta and its share of the eager arm's reserved peak.
QString vramText(const BatchPair& pair) {
    const auto& delta = pair.graphed->vram_delta_reserved_mb;
    if (!delta) return {};
    QString text = tr("VRAM %1 MiB").arg(signedNumber(*delta, std::abs(*delta) >= 10 || *delta == 0 ? 0 : 1));
    std::optional<double> base;
    if (pair.eager && pair.eager->vram_peak_reserved_mb) base = pair.eager->vram_peak_reserved_mb;
    else if (pair.graphed->vram_peak_reserved_mb) base = *pair.graphed->vram_peak_reserved_mb - *delta;
    if (base && *base > 0) {
        const double percent = 100.0 * *delta / *base;
        text += tr(" (%1%)").arg(signedNumber(percent, std::abs(percent) < 1 && percent != 0 ? 1 : 0));
    }
    return text;
}

QString failureVerb(const std::string& status) {
    if (status == "refused") return tr("was refused");
    if (status == "oom") return tr("ran out of memory");
    if (status == "error") return tr("failed");
    if (status == "skipped") return tr("was skipped");
    return tr("ended with status %1").arg(qs(status));
}

// A diagnosed refusal: its kind, module and what to do, e.g. "the capture failed in head.nms; what to
// do: split before head.nms" (the failed call and operator stay in the table and the window's panel).
QString refusalReason(const Measurement& row) {
    QString text = RefusalExplanation::kindInSentence(row.refusal_kind);
    if (!row.refusal_module.empty()) {
        text = text.isEmpty() ? tr("in %1").arg(qs(row.refusal_module)) : tr("%1 in %2").arg(text, qs(row.refusal_module));
    }
    QString advice = qs(row.refusal_advice).trimmed();
    if (advice.endsWith(QLatin1Char('.'))) advice.chop(1);  // the summary's sentence ends after the bracket
    if (!advice.isEmpty()) text = text.isEmpty() ? tr("what to do: %1").arg(advice) : tr("%1; what to do: %2").arg(text, advice);
    return text;
}

// First line of the row's message, short enough for a sentence; a diagnosed refusal says what to do instead.
QString reason(const Measurement& row) {
    if (row.status == "refused") {
        if (const QString refusal = refusalReason(row); !refusal.isEmpty()) return QStringLiteral(" (%1)").arg(refusal);
    }
    QString text = qs(row.message).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (text.size() > 140) text = text.left(139) + QStringLiteral("…");
    return text.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(text);
}

// "1, 8 and 32"
QString batchList(const QList<int>& batches) {
    QStringList items;
    for (int batch : batches) items << QString::number(batch);
    if (items.size() < 2) return items.join(QString());
    const QString last = items.takeLast();
    return tr("%1 and %2").arg(items.join(QStringLiteral(", ")), last);
}

// "the graphed arm was refused at batch 64 (parity mismatch 0.002)"; the same failure at several
// batches is one part ("was skipped at batches 1, 8 and 32 (…)"), so a CPU run reads one clause, not one per row.
QStringList failures(const Group& g) {
    struct Failure {
        QString arm, verb, why;
        QList<int> batches;
    };
    std::vector<Failure> found;
    for (const auto& pair : g.batches) {
        for (const Measurement* row : {pair.eager, pair.graphed}) {
            if (!row || row->status == "ok") continue;
            Failure failure{qs(row->arm), failureVerb(row->status), reason(*row), {}};
            auto same = std::find_if(found.begin(), found.end(), [&](const Failure& f) {
                return f.arm == failure.arm && f.verb == failure.verb && f.why == failure.why;
            });
            if (same == found.end()) same = found.insert(found.end(), failure);
            same->batches << row->batch;
        }
    }
    QStringList parts;
    for (const auto& f : found) {
        parts << (f.batches.size() == 1 ? tr("the %1 arm %2 at batch %3%4") : tr("the %1 arm %2 at batches %3%4"))
                     .arg(f.arm, f.verb, batchList(f.batches), f.why);
    }
    return parts;
}

// "(noisy: rounds spread 12%)" for the noisiest ok row of the group; empty when all are calm.
QString noiseText(const Group& g, bool severalBatches) {
    const Measurement* worst = nullptr;
    double worstValue = kNoisyPercent;
    for (const auto& pair : g.batches) {
        for (const Measurement* row : {pair.eager, pair.graphed}) {
            if (!row || row->status != "ok") continue;
            for (const auto& value : {row->step_ms_round_spread_pct, row->step_ms_iqr_pct}) {
                if (value && *value > worstValue) {
                    worstValue = *value;
                    worst = row;
                }
            }
        }
    }
    if (!worst) return {};
    QStringList measures;
    const auto percent = [](double v) { return QString::number(v, 'f', 0) + QStringLiteral("%"); };
    if (worst->step_ms_round_spread_pct && *worst->step_ms_round_spread_pct > kNoisyPercent) {
        measures << tr("rounds spread %1").arg(percent(*worst->step_ms_round_spread_pct));
    }
    if (worst->step_ms_iqr_pct && *worst->step_ms_iqr_pct > kNoisyPercent) {
        measures << tr("within-round IQR %1").arg(percent(*worst->step_ms_iqr_pct));
    }
    QString text = tr(" (noisy: %1").arg(measures.join(QStringLiteral(", ")));
    if (severalBatches) text += tr(", %1 arm at batch %2").arg(qs(worst->arm)).arg(worst->batch);
    return text + QStringLiteral(")");
}

bool comparable(const BatchPair& pair) {
    return pair.graphed && pair.graphed->status == "ok" && pair.graphed->speedup &&
           std::isfinite(*pair.graphed->speedup) && *pair.graphed->speedup > 0;
}

QString speedWords(double speedup) {
    if (speedup >= 1.005) return tr("%1 faster").arg(times(speedup));
    if (speedup <= 0.995) return tr("slower (%1 the eager speed)").arg(times(speedup));
    return tr("no faster (%1)").arg(times(speedup));
}

// The batch a group's sentence is about: the largest measured speedup; without one (an advise
// session: eager rows only), the largest predicted speedup. Null when there is neither.
const BatchPair* headline(const Group& g) {
    const BatchPair* best = nullptr;
    for (const auto& pair : g.batches) {
        if (comparable(pair) && (!best || *pair.graphed->speedup > *best->graphed->speedup)) best = &pair;
    }
    if (best) return best;
    for (const auto& pair : g.batches) {
        const auto predicted = [](const BatchPair& p) { return p.eager ? p.eager->predicted_speedup : std::nullopt; };
        if (predicted(pair) && (!best || *predicted(pair) > *predicted(*best))) best = &pair;
    }
    return best;
}

// "Inference", "Training (step scope)", "Inference (network alone)"; with the family and precision
// when another group would read the same.
QString heading(const Group& g, const std::vector<Group>& all) {
    const auto phaseWords = [](const Group& x) {
        if (x.phase == "train") return x.scope.empty() ? tr("Training") : tr("Training (%1 scope)").arg(qs(x.scope));
        if (x.phase == "infer") return x.scope == "network" ? tr("Inference (network alone)") : tr("Inference");
        return qs(x.phase);
    };
    const QString words = phaseWords(g);
    const auto alike = std::count_if(all.begin(), all.end(), [&](const Group& x) { return phaseWords(x) == words; });
    if (alike < 2) return words;
    QString which = qs(g.family) + QLatin1Char(' ') + qs(g.precision);
    if (g.memoryFormat == "channels_last") which += tr(", channels_last");
    return tr("%1 (%2)").arg(words, which);
}

QString groupSentence(const Group& g, const QString& device) {
    std::vector<const BatchPair*> compared;
    for (const auto& pair : g.batches) {
        if (comparable(pair)) compared.push_back(&pair);
    }
    const QStringList failed = failures(g);
    const QString where = context(g, device);
    QString sentence;
    if (compared.empty()) {
        bool anyGraphed = false;
        for (const auto& pair : g.batches) anyGraphed = anyGraphed || pair.graphed;
        sentence = anyGraphed || !failed.isEmpty()
                       ? tr("Graphs give no speedup figure for %1%2").arg(subject(g), where)
                       : tr("Only the eager arm of %1 was timed%2, so there is no speedup to report")
                             .arg(subject(g), where);
        if (!failed.isEmpty()) sentence += QStringLiteral(": ") + failed.join(QStringLiteral("; "));
        return sentence + QStringLiteral(".");
    }

    const bool several = compared.size() > 1;
    const BatchPair* best = headline(g);
    const double bestSpeedup = *best->graphed->speedup;
    sentence = tr("Graphs make %1 %2 at batch %3%4")
                   .arg(subject(g), speedWords(bestSpeedup))
                   .arg(best->batch)
                   .arg(where);
    if (several) {
        // Where the gain is largest, then how it changes towards the other end of the batch range.
        const BatchPair* first = compared.front();
        const BatchPair* last = compared.back();
        const auto at = [](const BatchPair* p) {
            return tr("%1 at batch %2").arg(times(*p->graphed->speedup)).arg(p->batch);
        };
        sentence += tr(", the largest gain of %1 batch sizes").arg(compared.size());
        if (best == first) sentence += tr("; the gain falls to %1").arg(at(last));
        else if (best == last) sentence += tr("; the gain grows with batch size, from %1").arg(at(first));
        else sentence += tr("; the gain is %1 and falls to %2").arg(at(first), at(last));
    }
    if (const QString vram = vramText(*best); !vram.isEmpty()) {
        sentence += QStringLiteral("; ") + vram;
        if (several) sentence += tr(" at batch %1").arg(best->batch);
    }
    const bool allExact = std::all_of(compared.begin(), compared.end(),
                                      [](const BatchPair* p) { return p->graphed->parity == "bit-exact"; });
    if (allExact) sentence += tr("; graphed outputs are bit-identical to eager");
    if (!failed.isEmpty()) sentence += QStringLiteral("; ") + failed.join(QStringLiteral("; "));
    return sentence + noiseText(g, several) + QStringLiteral(".");
}

// Sentences that differ only in their subject ("fomo-s inference steps", "fomo-s training steps
// (network scope)") become one naming every subject: a CPU run's "no speedup figure" is one sentence,
// not one per phase and scope, so the card does not grow with every group that streams in.
constexpr qsizetype kNamedSubjects = 6;    // subjects one merged sentence names before counting the rest
constexpr qsizetype kSummarySentences = 12;  // sentences a summary holds; the table has every figure

QStringList mergeAlikeSentences(const std::vector<Group>& groups, const QStringList& sentences) {
    QStringList merged;
    std::vector<std::pair<QString, QStringList>> byPattern;  // the sentence with its subject cut out -> subjects
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const QString who = subject(groups[i]);
        const auto at = sentences[qsizetype(i)].indexOf(who);
        QString pattern = sentences[qsizetype(i)];
        if (at >= 0) pattern.replace(at, who.size(), QStringLiteral("\x01"));
        auto same = std::find_if(byPattern.begin(), byPattern.end(), [&](const auto& p) { return p.first == pattern; });
        if (at < 0 || same == byPattern.end()) {
            byPattern.emplace_back(at < 0 ? sentences[qsizetype(i)] : pattern, QStringList{who});
        } else if (!same->second.contains(who)) {
            same->second << who;
        }
    }
    for (const auto& [pattern, subjects] : byPattern) {
        QString text = pattern;
        QStringList names = subjects;
        QString last;
        if (names.size() > kNamedSubjects) {  // a sweep over every family: name a few, count the rest
            last = tr("%n more", int(names.size() - (kNamedSubjects - 1)));
            names = names.mid(0, kNamedSubjects - 1);
        } else {
            last = names.takeLast();
        }
        text.replace(QStringLiteral("\x01"), names.isEmpty() ? last : tr("%1 and %2").arg(names.join(QStringLiteral(", ")), last));
        merged << text;
    }
    return merged;
}

}  // namespace

QStringList summarySentences(const std::vector<Measurement>& rows, const std::string& device) {
    const auto groups = groupTimedRows(rows);
    if (groups.empty()) return {tr("Nothing to summarise yet: there are no timed rows.")};
    QString deviceName = qs(device);
    if (deviceName.isEmpty()) {
        for (const auto& g : groups) {
            for (const auto& pair : g.batches) {
                const Measurement* row = pair.eager ? pair.eager : pair.graphed;
                if (deviceName.isEmpty() && row && !row->device.empty()) deviceName = qs(row->device);
            }
        }
    }
    QStringList sentences;
    for (const auto& g : groups) sentences << groupSentence(g, deviceName);
    auto merged = mergeAlikeSentences(groups, sentences);
    // The advisor's prediction beside the measurement, for the batch each sentence headlines.
    for (const auto& g : groups) {
        const BatchPair* best = headline(g);
        if (!best) continue;
        if (const QString predicted = predictionSentence(heading(g, groups), best->eager, best->graphed);
            !predicted.isEmpty()) {
            merged << predicted;
        }
    }
    if (merged.size() > kSummarySentences) {
        const auto rest = merged.size() - (kSummarySentences - 1);
        merged = merged.mid(0, kSummarySentences - 1);
        merged << tr("%n more configurations are summarised in the table and the CSV, not here.", int(rest));
    }
    return merged;
}

}  // namespace graphlens::ui
