#include "ui/charts/ChartExport.h"

#include "ui/charts/ModelChartView.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::ChartExport", text); }

QColor backgroundOf(QChartView* view) {
    const QColor chartColor = view->chart() ? view->chart()->backgroundBrush().color() : QColor();
    return chartColor.isValid() && chartColor.alpha() > 0 ? chartColor : view->palette().color(QPalette::Base);
}

// The view's scene (chart, axes, legend, labels) onto `painter`, over the chart's background,
// with the rows that streamed in since its last redraw.
void paintChart(QChartView* view, QPainter* painter) {
    if (auto* modelView = qobject_cast<ModelChartView*>(view)) {
        modelView->redrawIfPending();
        modelView->syncLegend();  // the wrapped legend laid out for this size, as on screen
    }
    const QRectF target(QPointF(0, 0), QSizeF(view->viewport()->size()));
    painter->fillRect(target, backgroundOf(view));
    painter->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    view->render(painter, target, view->viewport()->rect());
}

// Nothing to draw is an error, not an empty file: a view that was never laid out has no size.
bool checkDrawable(QChartView* view, const QString& shown, QString* error) {
    if (view && view->chart() && !view->viewport()->size().isEmpty()) return true;
    if (error) *error = tr("cannot write %1: the chart has not been laid out (nothing to draw)").arg(shown);
    return false;
}

bool finish(QSaveFile& file, const QString& shown, QString* error) {
    if (file.commit()) return true;
    if (error) *error = tr("cannot write %1: %2").arg(shown, file.errorString());
    return false;
}

}  // namespace

QImage renderChartImage(QChartView* view, qreal scale) {
    const QSize logical = view->viewport()->size();
    QImage image((QSizeF(logical) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);  // the painter draws in logical pixels, the image holds scale× more
    QPainter painter(&image);
    paintChart(view, &painter);
    painter.end();
    return image;
}

bool exportChartPng(QChartView* view, const QString& path, QString* error) {
    const QString shown = QDir::toNativeSeparators(path);
    if (!checkDrawable(view, shown, error)) return false;
    const QImage image = renderChartImage(view);
    QSaveFile file(path);  // a temporary file beside the target, renamed on commit(), removed otherwise
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("cannot write %1: %2").arg(shown, file.errorString());
        return false;
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        if (error) *error = tr("cannot write %1: %2").arg(shown, file.errorString().isEmpty() ? tr("PNG encoding failed")
                                                                                              : file.errorString());
        return false;
    }
    return finish(file, shown, error);
}

bool exportChartSvg(QChartView* view, const QString& path, QString* error) {
    const QString shown = QDir::toNativeSeparators(path);
    if (!checkDrawable(view, shown, error)) return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("cannot write %1: %2").arg(shown, file.errorString());
        return false;
    }
    const QSize size = view->viewport()->size();
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96);  // logical pixels are CSS pixels: the SVG opens at the size seen on screen
    generator.setTitle(view->chart()->title());
    generator.setDescription(tr("Chart exported from GraphLens"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        file.cancelWriting();
        if (error) *error = tr("cannot write %1: the SVG could not be started").arg(shown);
        return false;
    }
    paintChart(view, &painter);
    painter.end();  // the generator writes the document here
    return finish(file, shown, error);
}

bool exportChart(QChartView* view, const QString& path, QString* error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("png")) return exportChartPng(view, path, error);
    if (suffix == QStringLiteral("svg")) return exportChartSvg(view, path, error);
    if (error) *error = tr("cannot write %1: a chart is exported as .png or .svg").arg(QDir::toNativeSeparators(path));
    return false;
}

QString suggestedChartFileName(QChartView* view, const QString& suffix) {
    QString title = view && view->chart() ? view->chart()->title() : QString();
    // The part before a " — " is the chart's name; what follows is the series or a reason.
    title = title.section(QString(QChar(0x2014)), 0, 0).toLower();
    title.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    title.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    if (title.isEmpty()) title = QStringLiteral("chart");
    return title + QLatin1Char('.') + suffix;
}

bool chooseAndExportChart(QChartView* view, const QString& suffix, QWidget* dialogParent) {
    const bool svg = suffix == QStringLiteral("svg");
    QString path = QFileDialog::getSaveFileName(dialogParent, svg ? tr("Export chart as SVG") : tr("Export chart as PNG"),
                                                suggestedChartFileName(view, suffix),
                                                svg ? tr("SVG image (*.svg)") : tr("PNG image (*.png)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + suffix;
    QString error;
    if (exportChart(view, path, &error)) return true;
    // Non-modal, like the window's other errors: a running sweep keeps updating behind it.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("GraphLens"), tr("Cannot export the chart"), QMessageBox::Ok,
                                dialogParent);
    box->setInformativeText(error);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return false;
}

void addChartExportActions(QChartView* view) {
    if (!view || view->findChild<QAction*>(QStringLiteral("actionExportChartPng"), Qt::FindDirectChildrenOnly)) return;
    auto* png = new QAction(tr("Export chart as PNG…"), view);
    png->setObjectName(QStringLiteral("actionExportChartPng"));
    png->setToolTip(tr("Save this chart as a PNG image at twice the screen's pixel density"));
    QObject::connect(png, &QAction::triggered, view, [view] { chooseAndExportChart(view, QStringLiteral("png"), view); });
    auto* svg = new QAction(tr("Export chart as SVG…"), view);
    svg->setObjectName(QStringLiteral("actionExportChartSvg"));
    svg->setToolTip(tr("Save this chart as a scalable vector image (SVG)"));
    QObject::connect(svg, &QAction::triggered, view, [view] { chooseAndExportChart(view, QStringLiteral("svg"), view); });
    view->addAction(png);
    view->addAction(svg);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

}  // namespace graphlens::ui
