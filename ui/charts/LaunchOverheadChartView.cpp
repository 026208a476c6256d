#include "ui/charts/LaunchOverheadChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/SeriesNaming.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

LaunchOverheadChartView::LaunchOverheadChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("Launch overhead per step, eager vs graphed"));
    setChart(chart);
    m_panels[0].setUp(addPanel(tr("Launch calls per step")), tr("Launches (count)"));
    m_panels[1].setUp(addPanel(tr("CPU time in launch calls")), tr("CPU launch time (µs)"));
    m_panels[2].setUp(addPanel(tr("GPU idle share of the step")), tr("GPU idle (% of step)"));
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
    const auto specs = metrics();
    m_curves = metricCurves(rows, {"eager", "graphed"}, specs, seriesGrouping());
    for (auto& panel : m_panels) panel.chart->removeAllSeries();

    const SeriesNaming naming(curveKeys(m_curves));  // the keys drawn here, not every key of the rows
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    double top[3] = {1.0, 1.0, 1.0};
    const auto metricOf = [&specs](const MetricCurve& curve) {
        return int(std::find_if(specs.begin(), specs.end(), [&](const auto& s) { return s.name == curve.metric; }) -
                   specs.begin());
    };
    for (const auto& curve : m_curves) {
        for (const auto& p : curve.points) top[metricOf(curve)] = std::max(top[metricOf(curve)], p.value);
    }
    for (int i = 0; i < 2; ++i) m_panels[i].fit(minBatch, maxBatch, top[i]);
    m_panels[2].fit(minBatch, maxBatch, 100.0);  // a share: always the whole 0..100%
    m_panels[2].yAxis->setRange(0.0, 100.0);
    m_panels[2].yAxis->setTickCount(6);
    m_panels[2].yAxis->setLabelFormat(QStringLiteral("%.0f"));

    const QString units[3] = {tr("launches per step"), tr("µs per step"), tr("% of the step")};
    const QString quantities[3] = {tr("launches"), tr("CPU launch time"), tr("GPU idle")};
    for (const auto& curve : m_curves) {
        const int metric = metricOf(curve);
        const bool eager = curve.arm == "eager";
        const QString arm = eager ? tr("eager") : tr("graphed");
        CurveLook look;
        // The panel says which quantity; the series, which key and arm (the same in every panel).
        look.name = naming.name(curve.key, arm);
        look.fullName = QString::fromStdString(curve.key.label()) + QStringLiteral(" · ") + arm +
                        QStringLiteral(": ") + quantities[metric];
        look.unit = units[metric];
        look.style = eager ? Qt::SolidLine : Qt::DashLine;
        look.color = curveColor(std::max(0, naming.indexOf(curve.key)));
        auto& panel = m_panels[metric];
        highlighter().trackBatches(addCurve(panel.chart, panel.xAxis, panel.yAxis, curve, look), curveRows(curve, seriesGrouping()));
    }
    chart()->setTitle(m_curves.empty() ? tr("Launch overhead per step — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no launch figures to show"),
                                                                       tr("no profiled figures yet (profiling on)")))
                                       : tr("Launch overhead per step, eager vs graphed") + naming.titleSuffix());
}

}  // namespace graphlens::ui
