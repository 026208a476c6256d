#include "ui/charts/VramChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/SeriesNaming.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

VramChartView::VramChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("VRAM, eager vs graphed"));
    setChart(chart);
    m_peaks.setUp(addPanel(tr("Peak reserved")), tr("Peak reserved (MiB)"));
    m_delta.setUp(addPanel(tr("Reserved delta, graphed − eager")), tr("Delta (MiB)"));
    m_pool.setUp(addPanel(tr("Graph pool")), tr("Graph pool (MiB)"));
    rebuild();
}

void VramChartView::rebuild() {
    using results::Measurement;
    const auto& rows = chartRows();
    // Peaks of both arms first, then the graphed-only delta and pool.
    m_curves = metricCurves(rows, {"eager", "graphed"},
                            {{"vram_peak_reserved_mb", [](const Measurement& r) { return r.vram_peak_reserved_mb; }}},
                            seriesGrouping());
    auto graphedOnly = metricCurves(
        rows, {"graphed"},
        {{"vram_delta_reserved_mb", [](const Measurement& r) { return r.vram_delta_reserved_mb; }},
         {"graph_pool_mb", [](const Measurement& r) { return r.graph_pool_mb; }}},
        seriesGrouping());
    m_curves.insert(m_curves.end(), graphedOnly.begin(), graphedOnly.end());
    for (auto* panel : {&m_peaks, &m_delta, &m_pool}) panel->chart->removeAllSeries();

    const SeriesNaming naming(curveKeys(m_curves));  // the keys drawn here, not every key of the rows
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    double top[3] = {1.0, 1.0, 1.0};  // peaks, delta, pool
    const auto panelOf = [](const MetricCurve& curve) {
        return curve.metric == "vram_peak_reserved_mb" ? 0 : curve.metric == "vram_delta_reserved_mb" ? 1 : 2;
    };
    for (const auto& curve : m_curves) {
        for (const auto& p : curve.points) top[panelOf(curve)] = std::max(top[panelOf(curve)], p.value);
    }
    m_peaks.fit(minBatch, maxBatch, top[0]);
    m_delta.fit(minBatch, maxBatch, top[1]);
    m_pool.fit(minBatch, maxBatch, top[2]);

    for (const auto& curve : m_curves) {
        const int keyIndex = std::max(0, naming.indexOf(curve.key));
        const int which = panelOf(curve);
        CurveLook look;
        look.unit = tr("MiB");
        QString what;
        MetricPanel* panel = &m_peaks;
        if (which == 0) {
            const bool eager = curve.arm == "eager";
            what = eager ? tr("eager") : tr("graphed");
            look.style = eager ? Qt::SolidLine : Qt::DashLine;
            look.fullName = QString::fromStdString(curve.key.label()) + QStringLiteral(": ") + tr("peak reserved, %1").arg(what);
        } else if (which == 1) {
            // Named and drawn as the graphed arm it belongs to (the panel says it is the delta over
            // eager): the legend then lists each key's two arms once, for all three panels.
            what = tr("graphed");
            look.style = Qt::DashLine;
            look.fullName = QString::fromStdString(curve.key.label()) + QStringLiteral(": ") + tr("reserved delta, graphed − eager");
            panel = &m_delta;
            // The same key's eager peak, for the delta in percent.
            std::optional<MetricCurve> peak;
            for (const auto& other : m_curves) {
                if (other.key == curve.key && other.arm == "eager" && other.metric == "vram_peak_reserved_mb") peak = other;
            }
            look.detail = [peak](int batch, double delta) {
                const auto base = peak ? peak->at(batch) : std::nullopt;
                if (!base || *base <= 0) return QString();
                return tr("%1% of the eager peak reserved (%2 MiB)")
                    .arg((delta >= 0 ? QStringLiteral("+") : QString()) + exactNumber(100.0 * delta / *base, 1))
                    .arg(exactNumber(*base));
            };
        } else {
            what = tr("graphed");
            look.style = Qt::DashLine;
            look.fullName = QString::fromStdString(curve.key.label()) + QStringLiteral(": ") + tr("graph pool, graphed");
            panel = &m_pool;
        }
        look.name = naming.name(curve.key, what);
        look.color = curveColor(keyIndex);  // a colour per key, the same in every panel
        highlighter().trackBatches(addCurve(panel->chart, panel->xAxis, panel->yAxis, curve, look), curveRows(curve, seriesGrouping()));
    }
    chart()->setTitle(m_curves.empty() ? tr("VRAM, eager vs graphed — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no memory figures to show"),
                                                                       tr("no timed rows with memory figures yet")))
                                       : tr("VRAM, eager vs graphed") + naming.titleSuffix());
}

}  // namespace graphlens::ui
