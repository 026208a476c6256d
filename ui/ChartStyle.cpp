#include "ui/ChartStyle.h"

#include <QChart>
#include <QFont>
#include <QLegend>
#include <QLogValueAxis>
#include <QValueAxis>
#include <array>
#include <cmath>

namespace graphlens::ui {

QColor curveColor(int index) {
    // Okabe-Ito: distinguishable with the common colour-vision deficiencies.
    static const std::array<QColor, 7> palette{QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00),
                                               QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                               QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
                                               QColor(0x33, 0x33, 0x33)};
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
}

}  // namespace graphlens::ui
