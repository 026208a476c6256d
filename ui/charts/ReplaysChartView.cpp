#include "ui/charts/ReplaysChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/SeriesNaming.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

ReplaysChartView::ReplaysChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("CUDA graph replays and capture cost"));
    setChart(chart);
    m_counts.setUp(addPanel(tr("Replays, fallbacks and break-even")), tr("Count per timed run"));
    m_capture.setUp(addPanel(tr("Capture time")), tr("Capture time (ms)"));
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
    m_curves = metricCurves(rows, {"graphed"}, metrics(), seriesGrouping());
    m_counts.chart->removeAllSeries();
    m_capture.chart->removeAllSeries();

    const SeriesNaming naming(curveKeys(m_curves));  // the keys drawn here, not every key of the rows
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    double maxCount = 1.0, maxMs = 1.0;
    for (const auto& curve : m_curves) {
        double& top = curve.metric == "capture_ms" ? maxMs : maxCount;
        for (const auto& p : curve.points) top = std::max(top, p.value);
    }
    m_counts.fit(minBatch, maxBatch, maxCount);
    m_capture.fit(minBatch, maxBatch, maxMs);

    const bool oneKey = naming.keys().size() <= 1;
    for (const auto& curve : m_curves) {
        CurveLook look;
        MetricPanel* panel = &m_counts;
        QString what;
        int metricIndex = 0;
        if (curve.metric == "replays") {
            what = tr("graph replays");
            look.unit = tr("replays");
        } else if (curve.metric == "eager_fallbacks") {
            what = tr("eager fallbacks");
            look.unit = tr("steps");
            look.style = Qt::DotLine;
            metricIndex = 1;
        } else if (curve.metric == "break_even_replays") {
            what = tr("break-even replays");
            look.unit = tr("replays");
            look.style = Qt::DashLine;
            metricIndex = 2;
        } else {
            what = tr("capture time");
            look.unit = tr("ms");
            look.style = Qt::DashDotLine;
            panel = &m_capture;
            metricIndex = 3;
        }
        look.name = naming.name(curve.key, what);
        look.fullName = QString::fromStdString(curve.key.label()) + QStringLiteral(": ") + what;
        // One key: a colour per quantity; several: a colour per key, the quantity in the dash.
        look.color = curveColor(oneKey ? metricIndex : std::max(0, naming.indexOf(curve.key)));
        highlighter().trackBatches(addCurve(panel->chart, panel->xAxis, panel->yAxis, curve, look), curveRows(curve, seriesGrouping()));
    }
    chart()->setTitle(m_curves.empty() ? tr("CUDA graph replays and capture cost — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no replays to show"),
                                                                       tr("no graphed rows with replay figures")))
                                       : tr("CUDA graph replays and capture cost") + naming.titleSuffix());
}

}  // namespace graphlens::ui
