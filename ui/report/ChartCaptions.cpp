#include "ui/report/ChartCaptions.h"

#include "ui/charts/SavedTimeWaterfall.h"
#include "ui/timeline/TimelinePanel.h"

#include <cmath>

namespace graphlens::ui {

QString ChartCaptions::reading(ChartKind kind) {
    switch (kind) {
    case ChartKind::Speedup:
        return tr("How to read: across is the batch size, up is the speedup (eager step time ÷ graphed step time), "
                  "one line per configuration; higher is better, and above the dashed 1× line the graphed step is "
                  "faster. Both step times are medians of timed steps in a process that was never profiled; the "
                  "whiskers give the speedup's 95% interval.");
    case ChartKind::StepTime:
        return tr("How to read: across is the batch size, up is the median time of one step in milliseconds, eager "
                  "solid and graphed dashed, inference and training in panels of their own; lower is better, and "
                  "the gap between the two lines is what graphs save. Medians of timed, unprofiled steps, with "
                  "their 95% interval as whiskers.");
    case ChartKind::Replays:
        return tr("How to read: per batch size, how often the captured graph was replayed, how many steps fell "
                  "back to eager and how many replays pay back the capture (break-even), counted over the timed "
                  "run; below, the one-off capture time in milliseconds. Fewer fallbacks and a lower break-even "
                  "are better.");
    case ChartKind::Vram:
        return tr("How to read: per batch size, the peak GPU memory the caching allocator reserved in steady "
                  "state (MiB; eager solid, graphed dashed), the graphed arm's extra memory over eager, and the "
                  "size of the graphs' own memory pool; lower is better, and a delta near zero means graphs cost "
                  "little memory. Peaks are taken after warm-up and capture.");
    case ChartKind::LaunchOverhead:
        return tr("How to read: per batch size, the kernel or graph launch calls the CPU makes in one step, the "
                  "CPU time spent inside them (µs) and the share of the step the GPU sits idle, eager solid and "
                  "graphed dashed; lower is better in all three. Counted in a separate profiled pass, never in "
                  "the timed steps; the idle share is of the timed median step.");
    case ChartKind::Phases:
        return tr("How to read: each bar is one step split into its phases (data, forward, backward and "
                  "so on) in milliseconds, eager and graphed side by side per batch size; shorter is better. "
                  "The triangles give the network's share of the eager step (right axis), and \"ceiling\" the "
                  "most any speedup that removes network cost could reach. From a separate phase pass.");
    case ChartKind::StepTimeline:
        return tr("How to read: one profiled eager step above one graphed step of the same batch, on one time "
                  "axis from each step's start; each row has a lane of the CPU's CUDA calls above a lane per GPU "
                  "stream with its kernels and copies, and hatching marks where the GPU sat idle. A shorter row "
                  "with less hatching is better.");
    case ChartKind::SavedTime:
        return tr("How to read: the top bar is the eager step, the bottom bar the graphed step; each bar between "
                  "them is one reason the graphed step is shorter (green: time saved, red: time added, such as the "
                  "replay's own cost), and \"unexplained\" is what the other terms do not account for, shown "
                  "rather than hidden. The terms add up to the difference between the two steps. Measured on one "
                  "profiled step of each arm, not on the timed medians, so the total differs a little from the "
                  "table's speedup.");
    }
    return {};
}

QString ChartCaptions::timeline(const StepPair& pair) {
    return reading(ChartKind::StepTimeline) + QLatin1Char(' ') + TimelinePanel::comparison(pair) + QLatin1Char(' ') +
           TimelinePanel::oneStepNote();
}

QString ChartCaptions::speedup(const std::vector<results::Measurement>& rows) {
    QString text = reading(ChartKind::Speedup);
    // The row the summary card headlines: the largest measured speedup, else the largest prediction.
    const results::Measurement* best = nullptr;
    bool measured = false;
    for (const auto& row : rows) {
        if (row.status != "ok" || row.pass == "profiled" || !row.predicted_speedup) continue;
        const bool rowMeasured = row.arm == "graphed" && row.speedup.has_value();
        if (measured && !rowMeasured) continue;
        const double value = rowMeasured ? *row.speedup : *row.predicted_speedup;
        const double bestValue = !best ? 0.0 : (measured ? *best->speedup : *best->predicted_speedup);
        if (!best || (rowMeasured && !measured) || value > bestValue) {
            best = &row;
            measured = rowMeasured;
        }
    }
    if (!best) return text;
    text += QLatin1Char(' ') + tr("The dashed line in each curve's colour is the advisor's speedup, predicted from "
                                  "the eager arm alone before any graph was captured.");
    if (measured) {
        text += QLatin1Char(' ') + tr("At batch %1 it predicted %2×; %3× was measured")
                                       .arg(best->batch)
                                       .arg(*best->predicted_speedup, 0, 'f', 2)
                                       .arg(*best->speedup, 0, 'f', 2);
        if (best->prediction_error_pct) {
            text += tr(" (the predicted graphed step is %1% %2 than the measured one)")
                        .arg(std::abs(*best->prediction_error_pct), 0, 'f', 1)
                        .arg(*best->prediction_error_pct >= 0 ? tr("longer") : tr("shorter"));
        }
        text += QLatin1Char('.');
    } else {
        text += QLatin1Char(' ') + tr("Nothing was measured with graphs (advise runs the eager arm only): at batch "
                                      "%1 it predicts %2×.")
                                       .arg(best->batch)
                                       .arg(*best->predicted_speedup, 0, 'f', 2);
    }
    return text;
}

QString ChartCaptions::savedTime(const results::Measurement& row) {
    QString text = reading(ChartKind::SavedTime);
    if (!row.explain_saved_ms) return text;
    text += QLatin1Char(' ') + tr("At batch %1 the graphed step was %2 ms shorter in %3")
                                   .arg(row.batch)
                                   .arg(*row.explain_saved_ms, 0, 'f', 2)
                                   .arg(SavedTimeWaterfall::howMade());
    if (row.explain_unexplained_ms) {
        text += tr("; %1 ms of it is unexplained").arg(*row.explain_unexplained_ms, 0, 'f', 2);
    }
    if (!row.kernel_alignment.empty()) {
        text += tr("; kernels compared: %1").arg(QString::fromStdString(row.kernel_alignment));
    }
    return text + QLatin1Char('.');
}

}  // namespace graphlens::ui
