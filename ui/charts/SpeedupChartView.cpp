#include "ui/charts/SpeedupChartView.h"

#include "ui/UiLogging.h"
#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/ErrorBarsItem.h"
#include "ui/charts/HoverTarget.h"
#include "ui/charts/SeriesNaming.h"
#include "ui/charts/ValueLabelsItem.h"
#include "ui/models/MeasurementTableModel.h"

#include <QChart>
#include <QCursor>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace graphlens::ui {

SpeedupChartView::SpeedupChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("CUDA graph speedup vs batch size"));
    m_xAxis = makeBatchAxis();
    m_yAxis = makeValueAxis(tr("Speedup (eager ms / graphed ms)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    setChart(chart);  // the view owns the chart
    m_whiskers = new ErrorBarsItem(chart);
    m_valueLabels = new ValueLabelsItem(chart);
    rebuild();
}

QString SpeedupChartView::referenceSeriesName() { return tr("no gain (1×)"); }

int SpeedupChartView::whiskerCount() const { return m_whiskers->count(); }

void SpeedupChartView::rebuild() {
    const auto& rows = chartRows();
    m_curves = speedupCurves(rows);
    m_whiskers->clear();  // before the curves they are anchored to go
    m_valueLabels->clear();
    chart()->removeAllSeries();

    int minBatch = 1, maxBatch = 32;
    double maxY = 1.0;
    bool first = true;
    for (const auto& curve : m_curves) {
        for (const auto& p : curve.points) {
            minBatch = first ? p.batch : std::min(minBatch, p.batch);
            maxBatch = first ? p.batch : std::max(maxBatch, p.batch);
            maxY = std::max({maxY, p.speedup, p.ciHigh.value_or(0.0)});
            first = false;
        }
    }
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    fitValueAxisFromZero(m_yAxis, maxY);

    std::vector<SeriesKey> keys;
    for (const auto& curve : m_curves) keys.push_back(curve.key);
    const SeriesNaming naming(keys);
    for (size_t i = 0; i < m_curves.size(); ++i) addCurve(m_curves[i], int(i), naming);
    addReferenceLine();  // last, so the legend lists the data first
    chart()->setTitle(m_curves.empty() ? tr("CUDA graph speedup vs batch size — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no speedup to show"),
                                                                       tr("no graphed rows to compare with eager")))
                                       : tr("CUDA graph speedup vs batch size") + naming.titleSuffix());
    qCDebug(lcUiChart) << "speedup chart:" << m_curves.size() << "curves";
}

void SpeedupChartView::addReferenceLine() {
    auto* reference = new QLineSeries;
    reference->setName(referenceSeriesName());
    QPen pen(QColor(0x80, 0x80, 0x80), 1.5, Qt::DashLine);
    reference->setPen(pen);
    reference->append(m_xAxis->min(), 1.0);
    reference->append(m_xAxis->max(), 1.0);
    chart()->addSeries(reference);
    reference->attachAxis(m_xAxis);
    reference->attachAxis(m_yAxis);
}

QString SpeedupChartView::curveSeriesName(const SeriesNaming& naming, const SeriesKey& key) {
    const QString differs = naming.label(key);
    return differs.isEmpty() ? tr("speedup") : differs;
}

void SpeedupChartView::addCurve(const SpeedupCurve& curve, int index, const SeriesNaming& naming) {
    const QColor color = curveColor(index);
    auto* line = new QLineSeries;
    line->setName(curveSeriesName(naming, curve.key));
    line->setPen(QPen(color, 2.5));
    line->setPointsVisible(true);
    line->setMarkerSize(7);
    for (const auto& p : curve.points) line->append(p.batch, p.speedup);
    highlighter().trackBatches(line, [curve](const results::Measurement& row) { return curve.holds(row); });
    chart()->addSeries(line);
    line->attachAxis(m_xAxis);
    line->attachAxis(m_yAxis);

    // The 95% interval of each point, in the curve's colour (ErrorBarsItem: one item, not a series per bar).
    for (const auto& p : curve.points) {
        if (p.ciLow && p.ciHigh) m_whiskers->add(line, p.batch, *p.ciLow, *p.ciHigh, color);
    }

    // Value labels beside each point, laid out by one item for the whole chart so that the labels of
    // close curves at a batch are stacked apart instead of printed over each other (ValueLabelsItem).
    for (const auto& p : curve.points) {
        m_valueLabels->add(line, QPointF(p.batch, p.speedup), tr("%1×").arg(p.speedup, 0, 'f', 2), valueLabelColor(color));
    }

    const QString label = QString::fromStdString(curve.label());  // the tooltip names the whole key
    const auto points = curve.points;
    connectHover(chart(), line, [label, points](const QPointF& at, bool entered) {
        if (!entered) {
            QToolTip::hideText();
            return;
        }
        // Nearest measured batch on the log axis.
        const auto nearest = std::min_element(points.begin(), points.end(), [&](const auto& a, const auto& b) {
            return std::abs(std::log2(a.batch) - std::log2(std::max(at.x(), 1e-9))) <
                   std::abs(std::log2(b.batch) - std::log2(std::max(at.x(), 1e-9)));
        });
        if (nearest == points.end()) return;
        QString text = tr("%1\nbatch %2: speedup %3×").arg(label).arg(nearest->batch).arg(nearest->speedup, 0, 'f', 2);
        if (nearest->ciLow && nearest->ciHigh) {
            text += tr("\n95% CI %1 – %2").arg(*nearest->ciLow, 0, 'f', 2).arg(*nearest->ciHigh, 0, 'f', 2);
        }
        QToolTip::showText(QCursor::pos(), text);
    });
}

}  // namespace graphlens::ui
