#include "ui/charts/ReplaysChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/models/MeasurementTableModel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

ReplaysChartView::ReplaysChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("CUDA graph replays and capture cost"));
    m_xAxis = makeBatchAxis();
    m_countAxis = makeValueAxis(tr("Count (replays, fallbacks, break-even replays)"));
    m_msAxis = makeValueAxis(tr("Capture time (ms)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_countAxis, Qt::AlignLeft);
    chart->addAxis(m_msAxis, Qt::AlignRight);
    m_msAxis->setGridLineVisible(false);  // one grid, the left axis's
    setChart(chart);
    rebuild();
}

std::vector<MetricSpec> ReplaysChartView::metrics() {
    using results::Measurement;
    return {{"replays", [](const Measurement& r) { return r.replays; }},
            {"eager_fallbacks", [](const Measurement& r) { return r.eager_fallbacks; }},
            {"break_even_replays", [](const Measurement& r) { return r.break_even_replays; }},
            {"capture_ms", [](const Measurement& r) { return r.capture_ms; }}};
}

void ReplaysChartView::rebuild() {
    const auto& rows = chartRows();
    m_curves = metricCurves(rows, {"graphed"}, metrics());
    chart()->removeAllSeries();

    const auto keys = seriesKeys(rows);
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    double maxCount = 1.0, maxMs = 1.0;
    for (const auto& curve : m_curves) {
        double& top = curve.metric == "capture_ms" ? maxMs : maxCount;
        for (const auto& p : curve.points) top = std::max(top, p.value);
    }
    fitValueAxisFromZero(m_countAxis, maxCount);
    fitValueAxisFromZero(m_msAxis, maxMs);

    for (const auto& curve : m_curves) {
        const int keyIndex = int(std::find(keys.begin(), keys.end(), curve.key) - keys.begin());
        CurveLook look;
        QAbstractAxis* yAxis = m_countAxis;
        if (curve.metric == "replays") {
            look.name = curveName(keys, curve.key, tr("graph replays"));
            look.unit = tr("replays");
        } else if (curve.metric == "eager_fallbacks") {
            look.name = curveName(keys, curve.key, tr("eager fallbacks"));
            look.unit = tr("steps");
            look.style = Qt::DotLine;
        } else if (curve.metric == "break_even_replays") {
            look.name = curveName(keys, curve.key, tr("break-even replays"));
            look.unit = tr("replays");
            look.style = Qt::DashLine;
        } else {
            look.name = curveName(keys, curve.key, tr("capture time (ms, right axis)"));
            look.unit = tr("ms");
            look.style = Qt::DashDotLine;
            yAxis = m_msAxis;
        }
        const int metricIndex = curve.metric == "replays" ? 0 : curve.metric == "eager_fallbacks" ? 1
                              : curve.metric == "break_even_replays" ? 2 : 3;
        look.color = curveColor(keys.size() <= 1 ? metricIndex : keyIndex);
        highlighter().trackBatches(addCurve(chart(), m_xAxis, yAxis, curve, look), curveRows(curve));
    }
    chart()->setTitle(m_curves.empty() ? tr("CUDA graph replays and capture cost — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no replays to show"),
                                                                       tr("no graphed rows with replay figures")))
                                       : tr("CUDA graph replays and capture cost") + titleSuffix(keys));
}

}  // namespace graphlens::ui
