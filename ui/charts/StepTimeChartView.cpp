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
        panel.yAxis = makeValueAxis(tr("Step time (ms, median)"));
        panel.chart->addAxis(panel.xAxis, Qt::AlignBottom);
        panel.chart->addAxis(panel.yAxis, Qt::AlignLeft);
        panel.whiskers = new ErrorBarsItem(panel.chart);
    }
    rebuild();
}

int StepTimeChartView::whiskerCount() const { return m_panels[0].whiskers->count() + m_panels[1].whiskers->count(); }

void StepTimeChartView::rebuild() {
    m_curves = stepTimeCurves(chartRows());
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
        auto* eager = new QLineSeries;
        auto* graphed = new QLineSeries;
        eager->setName(naming.name(curve.key, tr("eager")));
        graphed->setName(naming.name(curve.key, tr("graphed")));
        eager->setPen(QPen(color, 2.5));
        graphed->setPen(QPen(color, 2.5, Qt::DashLine));
        for (auto* series : {eager, graphed}) {
            series->setPointsVisible(true);
            series->setMarkerSize(6);
        }
        for (const auto& p : curve.points) {
            if (p.eagerMs) eager->append(p.batch, *p.eagerMs);
            if (p.graphedMs) graphed->append(p.batch, *p.graphedMs);
        }
        for (auto* series : {eager, graphed}) {
            panel.chart->addSeries(series);
            series->attachAxis(panel.xAxis);
            series->attachAxis(panel.yAxis);
            const std::string arm = series == eager ? "eager" : "graphed";
            highlighter().trackBatches(series, [curve, arm](const results::Measurement& row) {
                return row.arm == arm && curve.holds(row);
            });
        }
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
