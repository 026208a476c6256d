#include "ui/charts/LaunchOverheadChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/models/MeasurementTableModel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

LaunchOverheadChartView::LaunchOverheadChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("Launch overhead per step, eager vs graphed"));
    m_xAxis = makeBatchAxis();
    m_countAxis = makeValueAxis(tr("Launches per step (count)"));
    m_usAxis = makeValueAxis(tr("CPU launch time per step (µs)"));
    m_pctAxis = makeValueAxis(tr("GPU idle (% of step)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_countAxis, Qt::AlignLeft);
    chart->addAxis(m_usAxis, Qt::AlignRight);
    chart->addAxis(m_pctAxis, Qt::AlignRight);
    m_usAxis->setGridLineVisible(false);  // one grid, the left axis's
    m_pctAxis->setGridLineVisible(false);  // one grid, the left axis's
    setChart(chart);
    rebuild();
}

std::vector<MetricSpec> LaunchOverheadChartView::metrics() {
    using results::Measurement;
    return {{"launches", [](const Measurement& r) { return r.launches; }},
            {"launch_cpu_us", [](const Measurement& r) { return r.launch_cpu_us; }},
            {"gpu_idle_pct", [](const Measurement& r) { return r.gpu_idle_pct; }}};
}

void LaunchOverheadChartView::rebuild() {
    const auto& rows = chartRows();
    m_curves = metricCurves(rows, {"eager", "graphed"}, metrics());
    chart()->removeAllSeries();

    const auto keys = seriesKeys(rows);
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    double maxCount = 1.0, maxUs = 1.0;
    for (const auto& curve : m_curves) {
        if (curve.metric == "gpu_idle_pct") continue;
        double& top = curve.metric == "launches" ? maxCount : maxUs;
        for (const auto& p : curve.points) top = std::max(top, p.value);
    }
    fitValueAxisFromZero(m_countAxis, maxCount);
    fitValueAxisFromZero(m_usAxis, maxUs);
    m_pctAxis->setRange(0.0, 100.0);
    m_pctAxis->setTickCount(6);
    m_pctAxis->setLabelFormat(QStringLiteral("%.0f"));

    for (const auto& curve : m_curves) {
        const int keyIndex = int(std::find(keys.begin(), keys.end(), curve.key) - keys.begin());
        const bool eager = curve.arm == "eager";
        const QString arm = eager ? tr("eager") : tr("graphed");
        CurveLook look;
        look.style = eager ? Qt::SolidLine : Qt::DashLine;
        QAbstractAxis* yAxis = m_countAxis;
        int metricIndex = 0;
        if (curve.metric == "launches") {
            look.name = curveName(keys, curve.key, tr("launches, %1").arg(arm));
            look.unit = tr("launches per step");
        } else if (curve.metric == "launch_cpu_us") {
            look.name = curveName(keys, curve.key, tr("CPU launch µs, %1").arg(arm));
            look.unit = tr("µs per step");
            yAxis = m_usAxis;
            metricIndex = 1;
        } else {
            look.name = curveName(keys, curve.key, tr("GPU idle %, %1").arg(arm));
            look.unit = tr("% of the step");
            yAxis = m_pctAxis;
            metricIndex = 2;
        }
        look.color = curveColor(keys.size() <= 1 ? metricIndex : 3 * keyIndex + metricIndex);
        highlighter().trackBatches(addCurve(chart(), m_xAxis, yAxis, curve, look), curveRows(curve));
    }
    chart()->setTitle(m_curves.empty() ? tr("Launch overhead per step — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no launch figures to show"),
                                                                       tr("no profiled figures yet (profiling on)")))
                                       : tr("Launch overhead per step, eager vs graphed") + titleSuffix(keys));
}

}  // namespace graphlens::ui
