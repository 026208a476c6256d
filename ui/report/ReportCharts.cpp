#include "ui/report/ReportCharts.h"

#include "ui/Theme.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/ModelChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/charts/VramChartView.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/ChartCaptions.h"
#include "ui/report/ReportSymbols.h"

#include <QCoreApplication>
#include <QPainter>

namespace graphlens::ui {
namespace {

// How to read the panel's tab `view`; empty for a chart no caption is written for yet.
QString captionOf(const ChartsPanel& panel, const QWidget* view, const std::vector<results::Measurement>& rows) {
    // The speedup's caption names the prediction beside the measurement (when the rows carry one).
    if (view == panel.speedupChart()) return ChartCaptions::speedup(rows);
    const std::pair<const QWidget*, ChartKind> kinds[] = {
        {panel.speedupChart(), ChartKind::Speedup}, {panel.stepTimeChart(), ChartKind::StepTime},
        {panel.replaysChart(), ChartKind::Replays}, {panel.vramChart(), ChartKind::Vram},
        {panel.launchOverheadChart(), ChartKind::LaunchOverhead}, {panel.phasesChart(), ChartKind::Phases},
    };
    for (const auto& [chart, kind] : kinds) {
        if (chart == view) return ChartCaptions::reading(kind);
    }
    return {};
}

}  // namespace

QList<ReportChart> renderReportCharts(const std::vector<results::Measurement>& rows, QSize size, qreal scale,
                                      const SeriesGrouping& grouping) {
    MeasurementTableModel model;
    model.resetData(rows);
    // The panel itself, not copies of its views: a chart added to the panel appears in the report.
    ChartsPanel panel;
    panel.setPalette(lightPalette());  // a report is read on white paper, whatever the window's theme
    panel.setModel(&model);
    // The window's grouping itself (its GPU labels were made from these rows), on every chart tab.
    for (int i = 0; i < panel.count(); ++i) {
        if (auto* view = qobject_cast<ModelChartView*>(panel.widget(i))) view->setSeriesGrouping(grouping);
    }
    panel.setAttribute(Qt::WA_DontShowOnScreen);  // laid out and painted, never mapped on a screen
    panel.resize(size);
    panel.show();
    const auto settle = [] {
        // Layouts (the tab page, the chart's legend and axes) settle through posted events; twice,
        // as a chart may re-lay itself out once it knows its plot area (the phases chart's labels).
        for (int pass = 0; pass < 2; ++pass) {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
        }
    };
    settle();
    // Size the tab page, not the panel: the tab bar's height must not eat into the chart.
    panel.resize(size + (panel.size() - panel.currentWidget()->size()));
    settle();
    QList<ReportChart> charts;
    for (int i = 0; i < panel.count(); ++i) {
        panel.setCurrentIndex(i);
        auto* view = qobject_cast<ModelChartView*>(panel.widget(i));
        if (!view) continue;
        view->redrawIfPending();  // the symbols go on the series of the last redraw
        // Symbols a greyscale print tells apart, on the series and in the legend alike.
        const auto legend = giveDistinctSymbols(view->panels());
        view->setLegendShown(false);  // the page draws it, wrapped (see ReportLegendEntry)
        settle();
        QImage image((QSizeF(view->size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        view->render(&painter, QRectF(QPointF(0, 0), QSizeF(view->size())), view->viewport()->rect());
        painter.end();
        charts.append({panel.tabText(i), captionOf(panel, view, rows), image, legend});
    }
    return charts;
}

}  // namespace graphlens::ui
