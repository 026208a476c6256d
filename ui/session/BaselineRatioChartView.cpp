#include "ui/session/BaselineRatioChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/session/Baseline.h"

#include <QChart>
#include <QCursor>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {

using results::Measurement;

// Ratios sit around 1: the axis spans 1.0 and every point with a margin, never from zero (a 3%
// change would be invisible on a 0..1.1 axis).
void fitRatioAxis(QValueAxis* axis, const std::vector<MetricCurve>& curves) {
    double low = 1.0, high = 1.0;
    for (const auto& curve : curves) {
        for (const auto& p : curve.points) {
            low = std::min(low, p.value);
            high = std::max(high, p.value);
        }
    }
    const double margin = std::max(0.05, 0.15 * (high - low));
    low = std::max(0.0, low - margin);
    high += margin;
    // Round outward to a step of 0.01, 0.02, 0.05, 0.1, ... so the ticks read cleanly.
    const double span = high - low;
    double step = 0.01;
    for (double candidate : {0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0}) {
        step = candidate;
        if (span / candidate <= 8) break;
    }
    low = std::floor(low / step) * step;
    high = std::ceil(high / step) * step;
    axis->setRange(low, high);
    axis->setTickCount(int(std::lround((high - low) / step)) + 1);
    axis->setLabelFormat(step < 0.1 ? QStringLiteral("%.2f") : QStringLiteral("%.1f"));
}

}  // namespace

BaselineRatioChartView::BaselineRatioChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("Step time vs baseline"));
    m_xAxis = makeBatchAxis();
    m_yAxis = makeValueAxis(tr("Median now / baseline median (below 1: faster)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    setChart(chart);
    setAccessibleName(tr("Step time versus baseline chart"));
    rebuild();
}

void BaselineRatioChartView::setBaseline(const Baseline* baseline) {
    if (m_baseline) disconnect(m_baseline, nullptr, this, nullptr);
    m_baseline = baseline;
    // As ModelChartView's own redraw: forget the old series, draw, re-mark the table's selection.
    const auto redraw = [this] {
        highlighter().clear();
        rebuild();
        highlighter().apply();
    };
    if (m_baseline) connect(m_baseline, &Baseline::changed, this, redraw);
    redraw();
}

void BaselineRatioChartView::rebuild() {
    const auto& rows = chartRows();
    const Baseline* baseline = m_baseline && m_baseline->isSet() ? m_baseline : nullptr;
    const auto baseRow = [baseline](const Measurement& row) -> const Measurement* {
        return baseline ? baseline->matcher().match(row) : nullptr;
    };
    const MetricSpec ratio{"ratio_to_baseline", [baseRow](const Measurement& row) -> std::optional<double> {
                               const auto* base = baseRow(row);
                               if (!base || !row.step_ms_median || !(*base->step_ms_median > 0)) return std::nullopt;
                               return *row.step_ms_median / *base->step_ms_median;
                           }};
    // Both medians of every matched point, for the tooltip.
    const MetricSpec nowMs{"now_ms", [baseRow](const Measurement& row) {
                               return baseRow(row) ? row.step_ms_median : std::nullopt;
                           }};
    const MetricSpec baseMs{"baseline_ms", [baseRow](const Measurement& row) -> std::optional<double> {
                                const auto* base = baseRow(row);
                                return base ? base->step_ms_median : std::nullopt;
                            }};
    m_curves = metricCurves(rows, {"eager", "graphed"}, {ratio}, seriesGrouping());
    const auto medians = metricCurves(rows, {"eager", "graphed"}, {nowMs, baseMs}, seriesGrouping());

    chart()->removeAllSeries();
    m_unity = nullptr;
    std::vector<SeriesKey> keys;
    for (const auto& curve : m_curves) {
        if (std::find(keys.begin(), keys.end(), curve.key) == keys.end()) keys.push_back(curve.key);
    }
    int minBatch = 1, maxBatch = 32;
    batchRange(m_curves, minBatch, maxBatch);
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    fitRatioAxis(m_yAxis, m_curves);

    // The 1.0 line first, so the curves draw over it.
    m_unity = new QLineSeries;
    m_unity->setName(tr("baseline (1.0)"));
    m_unity->setPen(QPen(QColor(0x88, 0x88, 0x88), 1.5, Qt::DashDotLine));
    m_unity->append(m_xAxis->min(), 1.0);
    m_unity->append(m_xAxis->max(), 1.0);
    chart()->addSeries(m_unity);
    m_unity->attachAxis(m_xAxis);
    m_unity->attachAxis(m_yAxis);
    connect(m_unity, &QLineSeries::hovered, m_unity, [](const QPointF&, bool entered) {
        if (entered) QToolTip::showText(QCursor::pos(), tr("1.0: as fast as the baseline"));
        else QToolTip::hideText();
    });

    for (const auto& curve : m_curves) {
        const int keyIndex = int(std::find(keys.begin(), keys.end(), curve.key) - keys.begin());
        const bool eager = curve.arm == "eager";
        const MetricCurve* now = nullptr;
        const MetricCurve* base = nullptr;
        for (const auto& m : medians) {
            if (!(m.key == curve.key) || m.arm != curve.arm) continue;
            (m.metric == "now_ms" ? now : base) = &m;
        }
        CurveLook look;
        look.name = curveName(keys, curve.key, eager ? tr("eager") : tr("graphed"));
        // A colour per key and arm, not only a dash: a session often matches the baseline at a
        // single batch, and a lone point has no line to show its dash.
        look.color = curveColor(2 * keyIndex + (eager ? 0 : 1));
        look.style = eager ? Qt::SolidLine : Qt::DashLine;
        look.unit = tr("× baseline");
        const MetricCurve nowCopy = now ? *now : MetricCurve{};
        const MetricCurve baseCopy = base ? *base : MetricCurve{};
        look.detail = [nowCopy, baseCopy](int batch, double value) {
            const auto nowValue = nowCopy.at(batch);
            const auto baseValue = baseCopy.at(batch);
            if (!nowValue || !baseValue) return QString();
            return tr("%1 ms now, %2 ms in the baseline (%3%4%)")
                .arg(exactNumber(*nowValue), exactNumber(*baseValue))
                .arg(value >= 1.0 ? QStringLiteral("+") : QString())
                .arg(exactNumber(100.0 * (value - 1.0), 1));
        };
        highlighter().trackBatches(addCurve(chart(), m_xAxis, m_yAxis, curve, look), curveRows(curve, seriesGrouping()));
    }

    const QString title = baseline ? tr("Step time vs baseline %1").arg(baseline->name()) : tr("Step time vs baseline");
    if (!baseline) {
        chart()->setTitle(tr("Step time vs baseline — no baseline set (File ▸ Set as Baseline)"));
    } else if (m_curves.empty()) {
        chart()->setTitle(title + tr(" — no timed rows match the baseline"));
    } else {
        chart()->setTitle(title + titleSuffix(keys));
    }
}

}  // namespace graphlens::ui
