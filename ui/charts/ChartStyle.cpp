#include "ui/charts/ChartStyle.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFont>
#include <QPalette>
#include <QLegend>
#include <QLogValueAxis>
#include <QPainter>
#include <QValueAxis>
#include <QXYSeries>
#include <array>
#include <cmath>

namespace graphlens::ui {

QColor curveColor(int index) {
    // Okabe-Ito: distinguishable with the common colour-vision deficiencies.
    static const std::array<QColor, 7> palette{QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00),
                                               QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                               QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
                                               QColor(0x8a, 0x8a, 0x8a)};  // mid grey: reads on light and dark
    return palette[size_t(index) % palette.size()];
}

QLogValueAxis* makeBatchAxis() {
    auto* axis = new QLogValueAxis;
    axis->setBase(2.0);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(QObject::tr("Batch size (images per step, log₂ scale)"));
    axis->setMinorTickCount(0);
    fitBatchAxis(axis, 1, 32);
    return axis;
}

void fitBatchAxis(QLogValueAxis* axis, int minBatch, int maxBatch) {
    // Half a power of two of margin each side keeps the end points off the plot border.
    axis->setRange(std::max(1, minBatch) / std::sqrt(2.0), std::max(minBatch, maxBatch) * std::sqrt(2.0));
}

QValueAxis* makeValueAxis(const QString& title) {
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(QStringLiteral("%.2g"));
    return axis;
}

void fitValueAxisFromZero(QValueAxis* axis, double maxValue) {
    if (!(maxValue > 0) || !std::isfinite(maxValue)) maxValue = 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(maxValue)));
    double step = magnitude;
    for (double candidate : {0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 2.5, 5.0}) {
        if (maxValue / (candidate * magnitude) <= 8) {
            step = candidate * magnitude;
            break;
        }
    }
    const double top = std::ceil(maxValue * 1.08 / step) * step;
    axis->setRange(0.0, top);
    axis->setTickCount(int(std::lround(top / step)) + 1);
    // As many decimals as the step needs: a 0.25 step prints 0.25, 0.50, not 0.3, 0.5.
    int decimals = 0;
    while (decimals < 4 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6) {
        ++decimals;
    }
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
}

void styleChart(QChart* chart, const QString& title) {
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);  // dashed vs solid shows in the legend
    chart->setAnimationOptions(QChart::NoAnimation);  // rows stream in; animation would lag behind
    chart->setMargins(QMargins(6, 6, 6, 6));
    // Square: the legend below and the panels beside it continue the chart's background seamlessly.
    chart->setBackgroundRoundness(0);
}

namespace {

QColor mix(const QColor& from, const QColor& to, double amount) {
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * amount),
                            float(from.greenF() + (to.greenF() - from.greenF()) * amount),
                            float(from.blueF() + (to.blueF() - from.blueF()) * amount));
}

const char* const kLabelsAsText = "graphlensPointLabelsAsText";

// The colour of axis labels and legend text on this palette's base.
QColor labelColor(const QPalette& palette) {
    return mix(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.78);
}

// WCAG relative luminance, 0 (black) to 1 (white).
double luminance(const QColor& color) {
    const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF());
}

// Re-applies the palette to a chart view when it is polished (first shown) and when its palette
// changes; one instance watches the whole application.
class ChartPaletteFollower : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        // A palette change before the first polish comes from inside QChartView's constructor
        // (chart() is not usable yet); the polish applies the palette anyway.
        const bool polishing = event->type() == QEvent::Polish;
        if (polishing || event->type() == QEvent::PaletteChange) {
            auto* view = qobject_cast<QChartView*>(watched);
            if (view && (polishing || view->testAttribute(Qt::WA_WState_Polished)) && view->chart()) {
                applyChartPalette(view->chart(), view->palette());
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

}  // namespace

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Text).lightnessF() > palette.color(QPalette::Base).lightnessF();
}

void applyChartPalette(QChart* chart, const QPalette& palette) {
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    // The proportions of Qt's light chart theme (labels #404040, axis lines #d6d6d6, grid #e2e2e2
    // on white), taken from the palette instead of fixed, so the dark theme gets the same contrasts.
    const QColor labels = labelColor(palette);
    const QColor axisLine = mix(base, text, 0.28);
    const QColor grid = mix(base, text, 0.14);
    const QColor minorGrid = mix(base, text, 0.07);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(labels);
    const auto axes = chart->axes();
    for (auto* axis : axes) {
        axis->setLabelsColor(labels);
        axis->setTitleBrush(labels);
        axis->setLinePenColor(axisLine);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(minorGrid);
        axis->setShadesVisible(false);
    }
    const auto series = chart->series();
    for (auto* one : series) {
        auto* xy = qobject_cast<QXYSeries*>(one);
        if (xy && xy->property(kLabelsAsText).toBool()) xy->setPointLabelsColor(labels);
    }
}

void colorPointLabelsAsText(QXYSeries* series, const QPalette& palette) {
    series->setProperty(kLabelsAsText, true);
    series->setPointLabelsColor(labelColor(palette));
}

void followPaletteInCharts() {
    static ChartPaletteFollower* follower = nullptr;
    if (follower || !qApp) return;
    follower = new ChartPaletteFollower(qApp);
    qApp->installEventFilter(follower);
}

namespace {

QImage marker(const QColor& ring, const QColor& fill) {
    constexpr int side = 64;  // drawn scaled down to the marker size: smooth at any size
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(ring, side / 5.0));
    painter.setBrush(fill);
    painter.drawEllipse(QRectF(side / 10.0, side / 10.0, side * 0.8, side * 0.8));
    return image;
}

}  // namespace

QImage ringMarker(const QColor& color) { return marker(color, Qt::white); }

QImage filledRingMarker(const QColor& color) { return marker(color.darker(150), color.darker(150)); }

QColor valueLabelColor(const QColor& curve) {
    // Relative luminance near 0.2 gives about 4:1 against white and 3.5:1 against the dark theme's
    // base: readable bold text on both. Same hue and saturation, lightness searched.
    constexpr double target = 0.2;
    float hue = 0, saturation = 0, lightness = 0, alpha = 1;
    curve.getHslF(&hue, &saturation, &lightness, &alpha);
    float low = 0, high = 1;
    for (int i = 0; i < 24; ++i) {
        const float middle = (low + high) / 2;
        if (luminance(QColor::fromHslF(hue, saturation, middle)) < target) low = middle; else high = middle;
    }
    return QColor::fromHslF(hue, saturation, (low + high) / 2);
}

}  // namespace graphlens::ui
