#pragma once
// The step timeline's words: durations, idle sums and what each bar's tooltip says. One place, so
// the bars, the row headers, the tab's comparison sentence and the report read the same.
#include "ui/timeline/StepTrace.h"

#include <QString>

namespace graphlens::ui::timeline_text {

// 0.45 µs, 12.5 µs, 260 µs, 2.10 ms.
QString formatDuration(double us);
// "GPU idle 260 µs of 500 µs (52%)".
QString idleSummary(const TraceStep& step);
QString rowTitle(int row);  // "Eager", "Graphed"
// Labels drop CUPTI's version suffix ("cudaLaunchKernel_v7000" -> "cudaLaunchKernel"); tooltips keep it.
QString withoutVersionSuffix(const QString& name);
QString callDescription(HostCallKind kind);  // "kernel launch call", ...
// "· 100 µs · at 70.0 µs": every tooltip ends with the item's duration and its start in the step.
QString timing(const TimeSpan& span);
QString workToolTip(const GpuWork& work);
QString idleGapToolTip(const TimeSpan& gap);
QString phaseToolTip(const PhaseRange& phase);
QString callToolTip(const HostCall& call);
// A row header's tooltip: which step of how many, in which section, and its idle sum.
QString rowHeaderToolTip(int row, const TraceStep& step);
// "(2 more here: zoom in)" after the tooltip of a bar that others overlap.
QString moreHere(int count);

}  // namespace graphlens::ui::timeline_text
