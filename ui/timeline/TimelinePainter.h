#pragma once
// Paints a laid-out step timeline (TimelineLayout) with a palette and a font: each row's header,
// lane names and ground, the time axis with its ticks, then the bars and the hatched idle gaps.
// Holds no state between paints; the widget and the report's image both paint through it.
#include "ui/timeline/StepTrace.h"
#include "ui/timeline/TimelineAxis.h"
#include "ui/timeline/TimelineItem.h"
#include "ui/timeline/TimelineLayout.h"

#include <QColor>
#include <QFont>
#include <QPalette>

class QPainter;

namespace graphlens::ui {

class TimelinePainter {
public:
    TimelinePainter(QPainter& painter, const QPalette& palette, const QFont& font, const TimelineAxis& axis);

    // Everything, over a widget `height` pixels tall.
    void paint(const StepPair& pair, const TimelineLayout& layout, double height);
    // Okabe–Ito hues (as the other charts) on both light and dark palettes; greys from neither end.
    static QColor colourOf(TimelineStyle style);

private:
    void paintRowFrame(const TraceStep& step, int row, const TimelineLayout::Row& g);
    void paintAxis(double top);
    void paintItems(const std::vector<TimelineItem>& items, double height);

    QPainter& m_painter;
    QPalette m_palette;
    QFont m_font;
    TimelineAxis m_axis;
};

}  // namespace graphlens::ui
