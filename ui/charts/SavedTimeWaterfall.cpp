#include "ui/charts/SavedTimeWaterfall.h"

#include <QCoreApplication>
#include <cmath>

namespace graphlens::ui {
namespace {

using results::Measurement;

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::SavedTimeWaterfall", text); }

// "−1.90 ms" / "+0.06 ms": the change of the step time, so a saving reads as a minus.
QString signedMs(double change) {
    const QString number = QString::number(std::abs(change), 'f', 2);
    return (change < 0 && number.toDouble() != 0 ? QStringLiteral("−") : QStringLiteral("+")) + number + tr(" ms");
}

bool sameConfiguration(const Measurement& a, const Measurement& b) {
    return a.family == b.family && a.phase == b.phase && a.batch == b.batch && a.precision == b.precision &&
           a.memory_format == b.memory_format && a.scope == b.scope && a.jit == b.jit && a.arm == b.arm;
}

}  // namespace

QString SavedTimeWaterfall::howMade() { return tr("one profiled step of each arm"); }

SavedTimeWaterfall SavedTimeWaterfall::of(const Measurement* row, std::optional<double> graphedStepMs) {
    SavedTimeWaterfall out;
    if (!row) {
        out.why = tr("No graphed row to explain: the waterfall needs a graphed row of this configuration "
                     "(an advise session runs the eager arm only).");
        return out;
    }
    out.batch = row->batch;
    if (row->arm != "graphed") {
        out.why = tr("Where the saved time went is worked out on graphed rows; this is an %1 row.")
                      .arg(QString::fromStdString(row->arm));
        return out;
    }
    const auto& saved = row->explain_saved_ms;
    const std::optional<double> terms[] = {row->explain_gpu_idle_ms, row->explain_host_launch_ms,
                                           row->explain_kernel_time_ms, row->explain_replay_cost_ms,
                                           row->explain_unexplained_ms};
    bool complete = saved.has_value();
    for (const auto& term : terms) complete = complete && term.has_value();
    if (!complete) {
        out.why = row->status != "ok"
                      ? tr("No breakdown of the saved time at batch %1: the graphed arm did not run (%2).")
                            .arg(row->batch)
                            .arg(QString::fromStdString(row->status))
                      : tr("No breakdown of the saved time at batch %1: the row has no explain_* figures. They "
                           "come from the profiled pass's window with GPU records (one profiled step of each "
                           "arm); a sweep with --no-profile, a CPU run or a session from before the advisor has none.")
                            .arg(row->batch);
        return out;
    }
    out.absolute = graphedStepMs.has_value();
    const double graphed = graphedStepMs.value_or(0.0);
    double level = graphed + *saved;  // the eager step: the graphed one plus what was saved
    const auto add = [&](const QString& label, double change, WaterfallBar::Kind kind) {
        const double next = level + change;
        out.bars.push_back({label, std::min(level, next), std::max(level, next), change, kind});
        level = next;
    };
    out.bars.push_back({out.absolute ? tr("eager step %1 ms").arg(level, 0, 'f', 2)
                                     : tr("eager step %1").arg(signedMs(*saved)),
                        std::min(0.0, level), std::max(0.0, level), level, WaterfallBar::Kind::Step});
    // Each term is a saving (explain_* > 0 made the graphed step shorter): the step changes by −term.
    // Short: the category axis cuts labels longer than about a third of the chart's width.
    const QString names[] = {tr("GPU idle removed"), tr("launches not made"), tr("kernel time"), tr("replay cost"),
                             tr("unexplained")};
    for (int i = 0; i < 5; ++i) {
        const double change = -*terms[i];
        const auto kind = i == 4 ? WaterfallBar::Kind::Unexplained
                                 : (change <= 0 ? WaterfallBar::Kind::Saved : WaterfallBar::Kind::Added);
        add(names[i] + QLatin1Char(' ') + signedMs(change), change, kind);
    }
    out.bars.push_back({out.absolute ? tr("graphed step %1 ms").arg(level, 0, 'f', 2) : tr("graphed step 0 ms"),
                        std::min(0.0, level), std::max(0.0, level), level, WaterfallBar::Kind::Step});
    return out;
}

const Measurement* SavedTimeWaterfall::headlineRow(const std::vector<Measurement>& rows) {
    const Measurement* best = nullptr;
    for (const auto& row : rows) {
        if (row.arm != "graphed" || row.pass == "profiled" || row.status != "ok" || !row.explain_saved_ms) continue;
        if (!best || row.speedup.value_or(0.0) > best->speedup.value_or(0.0)) best = &row;
    }
    return best;
}

std::optional<double> SavedTimeWaterfall::profiledGraphedStepMs(const std::vector<Measurement>& rows,
                                                                 const Measurement& row) {
    for (const auto& other : rows) {
        if (other.pass == "profiled" && other.gpu_records_step_ms && sameConfiguration(other, row)) {
            return other.gpu_records_step_ms;
        }
    }
    return std::nullopt;
}

}  // namespace graphlens::ui
