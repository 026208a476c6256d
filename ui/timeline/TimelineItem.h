#pragma once
// One thing the step timeline draws, placed in widget coordinates: a bar for a phase, a host call,
// a graph replay or GPU work, or a shaded idle gap. Placed once per change (TimelineLayout); the
// painting and the tooltips both read that placement, so what is hovered is what is drawn.
#include <QRectF>
#include <QString>

namespace graphlens::ui {

enum class TimelineLane { Phase, Cpu, Graph, Gpu, Idle };
enum class TimelineStyle { Phase, Launch, GraphLaunch, Synchronize, CopyCall, OtherCall, Kernel, KernelAlt, Memcpy,
                           Memset, Graph, Idle };

struct TimelineItem {
    QRectF rect;
    int row = 0;  // 0 eager, 1 graphed
    TimelineLane lane = TimelineLane::Gpu;
    TimelineStyle style = TimelineStyle::Kernel;
    QString label;    // drawn inside the bar when it fits
    QString toolTip;  // plain text: name, what it is, duration, start
};

}  // namespace graphlens::ui
