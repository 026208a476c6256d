#include "ui/charts/StepTimeChartView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/ErrorBarsItem.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

StepTimeChartView::StepTimeChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("Median step time, eager vs graphed"));
    m_xAxis = makeBatchAxis();
    m_yAxis = makeValueAxis(tr("Step time (ms, median)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    setChart(chart);
    m_whiskers = new ErrorBarsItem(chart);
    rebuild();
}

int StepTimeChartView::whiskerCount() const { return m_whiskers->count(); }

void StepTimeChartView::rebuild() {
    m_curves = stepTimeCurves(chartRows());
    m_whiskers->clear();  // before the curves they are anchored to go
    chart()->removeAllSeries();

    int minBatch = 1, maxBatch = 32;
    double maxMs = 1.0;
    bool first = true;
    for (size_t i = 0; i < m_curves.size(); ++i) {
        const auto& curve = m_curves[i];
        const QColor color = curveColor(int(i));
        auto* eager = new QLineSeries;
        auto* graphed = new QLineSeries;
        const QString label = QString::fromStdString(curve.label());
        eager->setName(tr("%1, eager").arg(label));
        graphed->setName(tr("%1, graphed").arg(label));
        eager->setPen(QPen(color, 2.5));
        graphed->setPen(QPen(color, 2.5, Qt::DashLine));
        for (auto* series : {eager, graphed}) {
            series->setPointsVisible(true);
            series->setMarkerSize(6);
        }
        for (const auto& p : curve.points) {
            if (p.eagerMs) eager->append(p.batch, *p.eagerMs);
            if (p.graphedMs) graphed->append(p.batch, *p.graphedMs);
            minBatch = first ? p.batch : std::min(minBatch, p.batch);
            maxBatch = first ? p.batch : std::max(maxBatch, p.batch);
            maxMs = std::max({maxMs, p.eagerMs.value_or(0.0), p.graphedMs.value_or(0.0),
                              p.eagerCiHigh.value_or(0.0), p.graphedCiHigh.value_or(0.0)});
            first = false;
        }
        for (auto* series : {eager, graphed}) {
            chart()->addSeries(series);
            series->attachAxis(m_xAxis);
            series->attachAxis(m_yAxis);
            const std::string arm = series == eager ? "eager" : "graphed";
            highlighter().trackBatches(series, [curve, arm](const results::Measurement& row) {
                return row.arm == arm && curve.holds(row);
            });
        }
        for (const auto& p : curve.points) {
            if (p.eagerMs && p.eagerCiLow && p.eagerCiHigh) m_whiskers->add(eager, p.batch, *p.eagerCiLow, *p.eagerCiHigh, color);
            if (p.graphedMs && p.graphedCiLow && p.graphedCiHigh) {
                m_whiskers->add(graphed, p.batch, *p.graphedCiLow, *p.graphedCiHigh, color);
            }
        }
    }
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    fitValueAxisFromZero(m_yAxis, maxMs);
    chart()->setTitle(m_curves.empty() ? tr("Median step time, eager vs graphed — %1")
                                             .arg(EmptyChartReason::of(chartRows(), tr("no step times to show"),
                                                                       tr("no timed rows yet")))
                                       : tr("Median step time, eager vs graphed"));
}

}  // namespace graphlens::ui
