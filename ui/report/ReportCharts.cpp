#include "ui/report/ReportCharts.h"

#include "ui/Theme.h"
#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/ModelChartView.h"
#include "ui/models/MeasurementTableModel.h"

#include <QCoreApplication>
#include <QPainter>

namespace graphlens::ui {
namespace {

QString glyphOf(const LegendEntry& entry) {
    switch (entry.glyph) {
    case LegendEntry::Glyph::Box:
    case LegendEntry::Glyph::Square: return QStringLiteral("■");
    case LegendEntry::Glyph::Triangle: return QStringLiteral("▲");
    case LegendEntry::Glyph::Circle: return QStringLiteral("●");
    case LegendEntry::Glyph::Line: break;
    }
    return entry.style == Qt::DashLine    ? QStringLiteral("╍╍╍")
           : entry.style == Qt::SolidLine ? QStringLiteral("━━━")
                                          : QStringLiteral("┉┉┉");
}

// The entries the view's own legend shows, every panel's series once (ChartLegendItem).
QList<ReportLegendEntry> legendOf(ModelChartView* view) {
    view->syncLegend();
    QList<ReportLegendEntry> entries;
    for (const auto& entry : view->legendItem()->entries()) entries.append({entry.label, entry.color, glyphOf(entry)});
    return entries;
}

}  // namespace

QList<ReportChart> renderReportCharts(const std::vector<results::Measurement>& rows, QSize size, qreal scale) {
    MeasurementTableModel model;
    model.resetData(rows);
    // The panel itself, not copies of its views: a chart added to the panel appears in the report.
    ChartsPanel panel;
    panel.setPalette(lightPalette());  // a report is read on white paper, whatever the window's theme
    panel.setModel(&model);
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
        const auto legend = legendOf(view);
        view->setLegendShown(false);  // the page draws it, wrapped (see ReportLegendEntry)
        settle();
        QImage image((QSizeF(view->size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        view->render(&painter, QRectF(QPointF(0, 0), QSizeF(view->size())), view->viewport()->rect());
        painter.end();
        charts.append({panel.tabText(i), image, legend});
    }
    return charts;
}

}  // namespace graphlens::ui
