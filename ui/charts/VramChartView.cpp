#include "ui/charts/VramChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/models/MeasurementTableModel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

VramChartView::VramChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("VRAM, eager vs graphed"));
    m_xAxis = makeBatchAxis();
    m_yAxis = makeValueAxis(tr("Device memory (MiB)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    setChart(chart);
    rebuild();
}

void VramChartView::rebuild() {
    using results::Measurement;
    const auto& rows = chartRows();
    // Peaks of both arms first, then the graphed-only delta and pool.
    m_curves = metricCurves(rows, {"eager", "graphed"},
                            {{"vram_peak_reserved_mb", [](const Measurement& r) { return r.vram_peak_reserved_mb; }}});
    auto graphedOnly = metricCurves(
        rows, {"graphed"},
        {{"vram_delta_reserved_mb", [](const Measurement& r) { return r.vram_delta_reserved_mb; }},
         {"graph_pool_mb", [](const Measurement& r) { return r.graph_pool_mb; }}});
    m_curves.insert(m_curves.end(), graphedOnly.begin(), graphedOnly.end());
    chart()->removeAllSeries();

    const auto keys = seriesKeys(rows);
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    fitValueAxisFromZero(m_yAxis, std::max(1.0, maxValue(m_curves)));

    for (const auto& curve : m_curves) {
        const int keyIndex = int(std::find(keys.begin(), keys.end(), curve.key) - keys.begin());
        CurveLook look;
        look.unit = tr("MiB");
        if (curve.metric == "vram_peak_reserved_mb") {
            const bool eager = curve.arm == "eager";
            look.name = curveName(keys, curve.key, eager ? tr("peak reserved, eager") : tr("peak reserved, graphed"));
            look.color = curveColor(keys.size() <= 1 ? 0 : 3 * keyIndex);
            look.style = eager ? Qt::SolidLine : Qt::DashLine;
        } else if (curve.metric == "vram_delta_reserved_mb") {
            look.name = curveName(keys, curve.key, tr("reserved delta, graphed − eager"));
            look.color = curveColor(keys.size() <= 1 ? 1 : 3 * keyIndex + 1);
            // The same key's eager peak, for the delta in percent.
            const MetricCurve* eagerPeak = nullptr;
            for (const auto& other : m_curves) {
                if (other.key == curve.key && other.arm == "eager" && other.metric == "vram_peak_reserved_mb") {
                    eagerPeak = &other;
                }
            }
            const std::optional<MetricCurve> peak = eagerPeak ? std::optional<MetricCurve>(*eagerPeak) : std::nullopt;
            look.detail = [peak](int batch, double delta) {
                const auto base = peak ? peak->at(batch) : std::nullopt;
                if (!base || *base <= 0) return QString();
                return tr("%1% of the eager peak reserved (%2 MiB)")
                    .arg((delta >= 0 ? QStringLiteral("+") : QString()) + exactNumber(100.0 * delta / *base, 1))
                    .arg(exactNumber(*base));
            };
        } else {
            look.name = curveName(keys, curve.key, tr("graph pool"));
            look.color = curveColor(keys.size() <= 1 ? 2 : 3 * keyIndex + 2);
            look.style = Qt::DotLine;
        }
        highlighter().trackBatches(addCurve(chart(), m_xAxis, m_yAxis, curve, look), curveRows(curve));
    }
    chart()->setTitle(m_curves.empty() ? tr("VRAM, eager vs graphed — %1")
                                             .arg(EmptyChartReason::of(rows, tr("no memory figures to show"),
                                                                       tr("no timed rows with memory figures yet")))
                                       : tr("VRAM, eager vs graphed") + titleSuffix(keys));
}

}  // namespace graphlens::ui
