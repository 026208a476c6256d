#include "ui/report/ReportCharts.h"

#include "ui/Theme.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementTableModel.h"

#include <QChartView>
#include <QCoreApplication>
#include <QLegend>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QLegendMarker>
#include <QPainter>
#include <QScatterSeries>
#include <QXYSeries>

namespace graphlens::ui {
namespace {

// Colour and glyph from the series itself: the markers' own pens are not kept in sync with it.
ReportLegendEntry entryFor(QLegendMarker* marker) {
    ReportLegendEntry entry{marker->label(), QColor(0x33, 0x33, 0x33), QStringLiteral("■")};
    if (auto* bar = qobject_cast<QBarLegendMarker*>(marker)) {
        entry.color = bar->barset()->color();
    } else if (auto* scatter = qobject_cast<QScatterSeries*>(marker->series())) {
        entry.color = scatter->color();
        entry.glyph = scatter->markerShape() == QScatterSeries::MarkerShapeTriangle    ? QStringLiteral("▲")
                      : scatter->markerShape() == QScatterSeries::MarkerShapeRectangle ? QStringLiteral("■")
                                                                                       : QStringLiteral("●");
    } else if (auto* xy = qobject_cast<QXYSeries*>(marker->series())) {
        entry.color = xy->color();
        const auto style = xy->pen().style();
        entry.glyph = style == Qt::DashLine  ? QStringLiteral("╍╍╍")
                      : style == Qt::SolidLine ? QStringLiteral("━━━")
                                               : QStringLiteral("┉┉┉");
    }
    return entry;
}

// The entries the chart's own legend shows (helper series such as error bars hide their markers).
QList<ReportLegendEntry> legendOf(QChart* chart) {
    QList<ReportLegendEntry> entries;
    const auto markers = chart->legend()->markers();
    for (auto* marker : markers) {
        if (marker->isVisible() && !marker->label().isEmpty()) entries.append(entryFor(marker));
    }
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
        auto* view = qobject_cast<QChartView*>(panel.widget(i));
        if (!view) continue;
        const auto legend = legendOf(view->chart());
        view->chart()->legend()->hide();  // the page draws it, wrapped (see ReportLegendEntry)
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
