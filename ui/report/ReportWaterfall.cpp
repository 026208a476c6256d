#include "ui/report/ReportWaterfall.h"

#include "ui/Theme.h"
#include "ui/charts/SavedTimeWaterfallView.h"
#include "ui/report/ChartCaptions.h"

#include <QChartView>
#include <QCoreApplication>
#include <QPainter>

namespace graphlens::ui {

std::optional<ReportChart> renderReportWaterfall(const std::vector<results::Measurement>& rows, QSize size,
                                                 qreal scale) {
    const results::Measurement* row = SavedTimeWaterfall::headlineRow(rows);
    if (!row) return std::nullopt;
    SavedTimeWaterfallView view;
    view.setPalette(lightPalette());  // a report is read on white paper, whatever the window's theme
    view.setRow(row, rows);
    if (!view.showsChart()) return std::nullopt;
    view.setAttribute(Qt::WA_DontShowOnScreen);  // laid out and painted, never mapped on a screen
    view.resize(size);
    view.show();
    for (int pass = 0; pass < 2; ++pass) {  // the chart lays out its axes and legend through posted events
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    QImage image((QSizeF(view.size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    view.render(&painter);
    painter.end();
    // The legend stays in the image: four short entries that Qt's legend draws whole at this width.
    const QString title = QCoreApplication::translate("graphlens::ui::ReportWaterfall", "%1 (%2)")
                              .arg(SavedTimeWaterfallView::title(row->batch), SavedTimeWaterfall::howMade());
    return ReportChart{title, ChartCaptions::savedTime(*row), image, {}};
}

}  // namespace graphlens::ui
