#include "ui/charts/StepTimeChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/ErrorBarsItem.h"
#include "ui/charts/SeriesNaming.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

StepTimeChartView::StepTimeChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("Median step time, eager vs graphed"));
    setChart(chart);
    const QString titles[2] = {tr("Inference step"), tr("Training step")};
    for (int i = 0; i < 2; ++i) {
        auto& panel = m_panels[i];
        panel.chart = addPanel(titles[i]);
        panel.xAxis = makeBatchAxis();
        panel.xAxis->setTitleText(tr("Batch size (log₂ scale)"));  // panels are narrow: the short form
        panel.yAxis = makeValueAxis(tr("Step time (ms, median)"));
        panel.chart->addAxis(panel.xAxis, Qt::AlignBottom);
        panel.chart->addAxis(panel.yAxis, Qt::AlignLeft);
        panel.whiskers = new ErrorBarsItem(panel.chart);
    }
    rebuild();
}

int StepTimeChartView::whiskerCount() const { return m_panels[0].whiskers->count() + m_panels[1].whiskers->count(); }

void StepTimeChartView::rebuild() {
    m_curves = stepTimeCurves(chartRows(), seriesGrouping());
    for (auto& panel : m_panels) {
        panel.whiskers->clear();  // before the curves they are anchored to go
        panel.chart->removeAllSeries();
    }
    std::vector<SeriesKey> keys;
    for (const auto& curve : m_curves) keys.push_back(curve.key);
    const SeriesNaming naming(keys);

    // One batch range for both panels (small multiples compare by position); a time axis each.
    int minBatch = 1, maxBatch = 32;
    double maxMs[2] = {1.0, 1.0};
    bool first = true;
    for (const auto& curve : m_curves) {
        for (const auto& p : curve.points) {
            minBatch = first ? p.batch : std::min(minBatch, p.batch);
            maxBatch = first ? p.batch : std::max(maxBatch, p.batch);
            maxMs[training(curve)] = std::max({maxMs[training(curve)], p.eagerMs.value_or(0.0), p.graphedMs.value_or(0.0),
                                               p.eagerCiHigh.value_or(0.0), p.graphedCiHigh.value_or(0.0)});
            first = false;
        }
    }
    bool used[2] = {false, false};
    for (size_t i = 0; i < m_curves.size(); ++i) {
        const auto& curve = m_curves[i];
        auto& panel = m_panels[training(curve)];
        used[training(curve)] = true;
        const QColor color = curveColor(int(i));
        QLineSeries* lines[2] = {nullptr, nullptr};  // eager, graphed
        for (int a = 0; a < 2; ++a) {
            const bool eager = a == 0;
            const std::string arm = eager ? "eager" : "graphed";
            MetricCurve medians{curve.key, arm, "step_ms_median", {}};
            for (const auto& p : curve.points) {
                if (const auto ms = eager ? p.eagerMs : p.graphedMs) medians.points.push_back({p.batch, *ms});
            }
            CurveLook look;
            const QString armName = eager ? tr("eager") : tr("graphed");
            look.name = naming.name(curve.key, armName);
            look.fullName = QString::fromStdString(curve.label()) + QStringLiteral(" · ") + armName;
            look.color = color;
            look.style = eager ? Qt::SolidLine : Qt::DashLine;
            look.unit = tr("ms (median)");
            const auto points = curve.points;
            look.detail = [points, eager](int batch, double) {
                for (const auto& p : points) {
                    const auto low = eager ? p.eagerCiLow : p.graphedCiLow;
                    const auto high = eager ? p.eagerCiHigh : p.graphedCiHigh;
                    if (p.batch == batch && low && high) return tr("95% CI %1 – %2 ms").arg(exactNumber(*low), exactNumber(*high));
                }
                return QString();
            };
            lines[a] = addCurve(panel.chart, panel.xAxis, panel.yAxis, medians, look);
            highlighter().trackBatches(lines[a], [curve, arm, grouping = seriesGrouping()](const results::Measurement& row) {
                return row.arm == arm && curve.holds(row, grouping);
            });
        }
        QLineSeries* eager = lines[0];
        QLineSeries* graphed = lines[1];
        for (const auto& p : curve.points) {
            if (p.eagerMs && p.eagerCiLow && p.eagerCiHigh) panel.whiskers->add(eager, p.batch, *p.eagerCiLow, *p.eagerCiHigh, color);
            if (p.graphedMs && p.graphedCiLow && p.graphedCiHigh) {
                panel.whiskers->add(graphed, p.batch, *p.graphedCiLow, *p.graphedCiHigh, color);
            }
        }
    }
    for (int i = 0; i < 2; ++i) {
        fitBatchAxis(m_panels[i].xAxis, minBatch, maxBatch);
        fitValueAxisFromZero(m_panels[i].yAxis, maxMs[i]);
    }
    // Only the phases measured; with none, the empty inference panel under the reason.
    setPanelShown(m_panels[0].chart, used[0] || !used[1]);
    setPanelShown(m_panels[1].chart, used[1]);
    chart()->setTitle(m_curves.empty() ? tr("Median step time, eager vs graphed — %1")
                                             .arg(EmptyChartReason::of(chartRows(), tr("no step times to show"),
                                                                       tr("no timed rows yet")))
                                       : tr("Median step time, eager vs graphed") + naming.titleSuffix());
}

}  // namespace graphlens::ui
