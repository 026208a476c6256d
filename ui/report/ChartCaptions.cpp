#include "ui/report/ChartCaptions.h"

#include "ui/timeline/TimelinePanel.h"

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
    }
    return {};
}

QString ChartCaptions::timeline(const StepPair& pair) {
    return reading(ChartKind::StepTimeline) + QLatin1Char(' ') + TimelinePanel::comparison(pair) + QLatin1Char(' ') +
           TimelinePanel::oneStepNote();
}

}  // namespace graphlens::ui
