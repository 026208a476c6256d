#pragma once
// The step timeline of a session's trace as a report chart: the Timeline tab's view of one eager
// and one graphed step, rendered offscreen in the light palette, with its caption. Needs a
// QApplication (the view is a widget); any platform works, offscreen included.
#include "ui/report/ReportContent.h"
#include "ui/timeline/StepTrace.h"

#include <optional>

namespace graphlens::ui {

// The pair the Timeline tab shows first (the trace's first); nothing for a trace without pairs.
// width: the image's logical width; scale: its device pixel ratio (print sharpness).
std::optional<ReportChart> renderReportTimeline(const StepTrace& trace, int width = 900, qreal scale = 2.5);

}  // namespace graphlens::ui
