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
    m_curves = speedupCurves(rows, seriesGrouping());
    m_whiskers->clear();  // before the curves they are anchored to go
    m_valueLabels->clear();
    chart()->removeAllSeries();

    int minBatch = 1, maxBatch = 32;
    double maxY = 1.0;
    bool first = true;
    bool anyMeasured = false, anyPredicted = false;
    const auto extend = [&](int batch, double top) {
        minBatch = first ? batch : std::min(minBatch, batch);
        maxBatch = first ? batch : std::max(maxBatch, batch);
        maxY = std::max(maxY, top);
        first = false;
    };
    for (const auto& curve : m_curves) {
        for (const auto& p : curve.points) extend(p.batch, std::max(p.speedup, p.ciHigh.value_or(0.0)));
        for (const auto& p : curve.predicted) extend(p.batch, p.speedup);
        anyMeasured = anyMeasured || !curve.points.empty();
        anyPredicted = anyPredicted || !curve.predicted.empty();
    }
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    fitValueAxisFromZero(m_yAxis, maxY);

    std::vector<SeriesKey> keys;
    for (const auto& curve : m_curves) keys.push_back(curve.key);
    const SeriesNaming naming(keys);
    // Two lines per key once a prediction is drawn: their legend entries must say which is which.
    const bool twoKinds = anyMeasured && anyPredicted;
    for (size_t i = 0; i < m_curves.size(); ++i) {
        const QColor color = curveColor(int(i));
        if (!m_curves[i].points.empty()) addCurve(m_curves[i], color, naming, twoKinds);
        if (!m_curves[i].predicted.empty()) addPrediction(m_curves[i], color, naming, !anyMeasured);
    }
    addReferenceLine();  // last, so the legend lists the data first
    QString title = tr("CUDA graph speedup vs batch size");
    if (m_curves.empty()) {
        title = tr("CUDA graph speedup vs batch size — %1")
                    .arg(EmptyChartReason::of(rows, tr("no speedup to show"), tr("no graphed rows to compare with eager")));
    } else {
        // An advise session ran the eager arm only: its chart is the prediction, and says so.
        if (!anyMeasured) title = tr("Predicted CUDA graph speedup vs batch size (not measured)");
        title += naming.titleSuffix();
    }
    chart()->setTitle(title);
    qCDebug(lcUiChart) << "speedup chart:" << m_curves.size() << "curves, predictions:" << anyPredicted;
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

QString SpeedupChartView::kindSeriesName(const SeriesNaming& naming, const SeriesKey& key, const QString& kind) {
    const QString differs = naming.label(key);
    return differs.isEmpty() ? kind : differs + QStringLiteral(" · ") + kind;
}

QString SpeedupChartView::measuredName() { return tr("measured"); }
QString SpeedupChartView::predictedName() { return tr("predicted"); }

namespace {

// The point of `points` nearest to `x` on the log batch axis, or end().
template <typename Points>
auto nearestBatch(const Points& points, double x) {
    const double at = std::log2(std::max(x, 1e-9));
    return std::min_element(points.begin(), points.end(), [at](const auto& a, const auto& b) {
        return std::abs(std::log2(a.batch) - at) < std::abs(std::log2(b.batch) - at);
    });
}

// "predicted 2.60× before capture (prediction error +2.7%: ...)": the error is of the graphed step time, not of the speedup.
QString predictionLine(const PredictedSpeedupPoint& p) {
    QString text = SpeedupChartView::tr("predicted %1× before capture").arg(p.speedup, 0, 'f', 2);
    if (p.errorPct) {
        text += SpeedupChartView::tr(" (prediction error %1%2%: predicted graphed step vs measured)")
                    .arg(*p.errorPct >= 0 ? QStringLiteral("+") : QStringLiteral("−"))
                    .arg(std::abs(*p.errorPct), 0, 'f', 1);
    }
    return text;
}

}  // namespace

QString SpeedupChartView::tooltipText(const SpeedupCurve& curve, int batch) {
    QString text = tr("%1\nbatch %2").arg(QString::fromStdString(curve.label())).arg(batch);
    if (const auto* m = curve.measuredAt(batch)) {
        text += tr(": speedup %1× (measured)").arg(m->speedup, 0, 'f', 2);
        if (m->ciLow && m->ciHigh) text += tr("\n95% CI %1 – %2").arg(*m->ciLow, 0, 'f', 2).arg(*m->ciHigh, 0, 'f', 2);
    } else {
        text += tr(": not measured (the eager arm alone was run)");
    }
    if (const auto* p = curve.predictedAt(batch)) text += QLatin1Char('\n') + predictionLine(*p);
    return text;
}

void SpeedupChartView::addCurve(const SpeedupCurve& curve, const QColor& color, const SeriesNaming& naming,
                                bool besidePrediction) {
    auto* line = new QLineSeries;
    line->setName(besidePrediction ? kindSeriesName(naming, curve.key, measuredName()) : curveSeriesName(naming, curve.key));
    line->setPen(QPen(color, 2.5));
    line->setPointsVisible(true);
    line->setMarkerSize(7);
    for (const auto& p : curve.points) line->append(p.batch, p.speedup);
    highlighter().trackBatches(line, [curve, grouping = seriesGrouping()](const results::Measurement& row) { return curve.holds(row, grouping); });
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
    connectTooltip(line, curve, false);
}

void SpeedupChartView::addPrediction(const SpeedupCurve& curve, const QColor& color, const SeriesNaming& naming,
                                     bool alone) {
    // Same colour as the key's measured line, dashed and thinner: the prediction beside its measurement.
    auto* line = new QLineSeries;
    line->setName(kindSeriesName(naming, curve.key, predictedName()));
    line->setPen(QPen(color, 2.0, Qt::DashLine));
    line->setPointsVisible(true);
    line->setMarkerSize(5);
    for (const auto& p : curve.predicted) line->append(p.batch, p.speedup);
    if (alone) highlighter().trackBatches(line, [curve, grouping = seriesGrouping()](const results::Measurement& row) { return curve.holds(row, grouping); });
    chart()->addSeries(line);
    line->attachAxis(m_xAxis);
    line->attachAxis(m_yAxis);
    // Labels only where nothing was measured: beside a measured curve they would double the clutter.
    if (alone) {
        for (const auto& p : curve.predicted) {
            m_valueLabels->add(line, QPointF(p.batch, p.speedup), tr("%1×").arg(p.speedup, 0, 'f', 2),
                               valueLabelColor(color));
        }
    }
    connectTooltip(line, curve, true);
}

void SpeedupChartView::connectTooltip(QLineSeries* line, const SpeedupCurve& curve, bool predicted) {
    connectHover(chart(), line, [curve, predicted](const QPointF& at, bool entered) {
        if (!entered) {
            QToolTip::hideText();
            return;
        }
        int batch = 0;
        if (predicted) {
            const auto nearest = nearestBatch(curve.predicted, at.x());
            if (nearest == curve.predicted.end()) return;
            batch = nearest->batch;
        } else {
            const auto nearest = nearestBatch(curve.points, at.x());
            if (nearest == curve.points.end()) return;
            batch = nearest->batch;
        }
        QToolTip::showText(QCursor::pos(), tooltipText(curve, batch));
    });
}

}  // namespace graphlens::ui
