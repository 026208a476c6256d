#include "ui/report/ReportTimeline.h"

#include "ui/Theme.h"
#include "ui/report/ChartCaptions.h"
#include "ui/timeline/StepTimelineView.h"

#include <QCoreApplication>
#include <QPainter>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::ReportTimeline", text); }

}  // namespace

std::optional<ReportChart> renderReportTimeline(const StepTrace& trace, int width, qreal scale) {
    if (trace.pairs().empty()) return std::nullopt;
    const StepPair& pair = trace.pairs().front();
    StepTimelineView view;
    view.setPalette(lightPalette());  // a report is read on white paper, whatever the window's theme
    view.setAttribute(Qt::WA_DontShowOnScreen);  // laid out and painted, never mapped on a screen
    view.resize(width, view.minimumSizeHint().height());
    view.show();
    view.setPair(pair);  // fitted to the width set above: both steps whole
    view.resize(width, view.minimumSizeHint().height());
    QCoreApplication::sendPostedEvents();

    QImage image((QSizeF(view.size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::TextAntialiasing);
    view.render(&painter);
    painter.end();

    const QString title = pair.batch > 0 ? tr("Step timeline, batch %1").arg(pair.batch) : tr("Step timeline");
    return ReportChart{title, ChartCaptions::timeline(pair), image, {}};
}

}  // namespace graphlens::ui
