#include "ui/plan/PlanCurveChart.h"

#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartPanelLayout.h"
#include "ui/charts/ChartStyle.h"
#include "ui/plan/PlanText.h"

#include "planning/CapturePlanner.h"

#include <QChart>
#include <QEvent>
#include <QGraphicsScene>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace graphlens::ui {

PlanCurveChart::PlanCurveChart(QWidget* parent) : QChartView(parent) {
    setAccessibleName(tr("Expected mean latency vs VRAM budget chart"));
    setRenderHint(QPainter::Antialiasing);
    QChart* plot = chart();
    styleChart(plot, title());
    m_x = makeValueAxis(tr("VRAM budget for the graphs' shared pool (MiB)"));
    m_y = makeValueAxis(tr("Mean latency (ms)"));
    plot->addAxis(m_x, Qt::AlignBottom);
    plot->addAxis(m_y, Qt::AlignLeft);

    m_front = new QLineSeries;
    m_front->setName(tr("best mean within the budget"));
    m_front->setPen(QPen(curveColor(0), 2.5));
    m_budget = new QLineSeries;
    QPen budgetPen(curveColor(6), 2, Qt::DashLine);
    m_budget->setPen(budgetPen);
    m_chosen = new QScatterSeries;
    m_chosen->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_chosen->setMarkerSize(14);
    m_chosen->setColor(curveColor(1));
    m_chosen->setBorderColor(curveColor(1).darker(150));
    for (QXYSeries* series : {static_cast<QXYSeries*>(m_front), static_cast<QXYSeries*>(m_budget),
                              static_cast<QXYSeries*>(m_chosen)}) {
        plot->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    m_legend = new ChartLegendItem;
    m_legend->setZValue(5);
    scene()->addItem(m_legend);
    clear();
}

QString PlanCurveChart::title() {
    return tr("Expected mean latency vs VRAM budget");
}

void PlanCurveChart::clear() {
    m_front->clear();
    m_budget->clear();
    m_chosen->clear();
    m_budget->setVisible(false);
    m_chosen->setVisible(false);
    fitValueAxisFromZero(m_x, 1.0);
    fitValueAxisFromZero(m_y, 1.0);
    syncLegend();
}

void PlanCurveChart::setCurve(const std::vector<planning::CurvePoint>& curve, double xMaxMiB,
                              double budgetMiB, const planning::PlanFigures* chosen) {
    double top = chosen ? chosen->meanMs : 0.0;
    for (const auto& point : curve) top = std::max(top, point.meanMs);
    fitValueAxisFromZero(m_x, std::max({xMaxMiB, budgetMiB, 1.0}));
    fitValueAxisFromZero(m_y, top);
    const double right = m_x->max();

    // A step: from each point the mean holds until the next point's pool buys a lower one.
    QList<QPointF> steps;
    for (size_t i = 0; i < curve.size(); ++i) {
        steps << QPointF(curve[i].poolMiB, curve[i].meanMs);
        const double until = i + 1 < curve.size() ? curve[i + 1].poolMiB : right;
        steps << QPointF(until, curve[i].meanMs);
    }
    m_front->replace(steps);

    m_budget->replace({QPointF(budgetMiB, 0.0), QPointF(budgetMiB, m_y->max())});
    m_budget->setName(tr("budget %1 MiB").arg(budgetMiB, 0, 'f', 0));
    m_budget->setVisible(true);

    m_chosen->clear();
    if (chosen) {
        m_chosen->append(chosen->poolMiB, chosen->meanMs);
        m_chosen->setName(
            tr("chosen plan: %1 at %2").arg(plantext::milliseconds(chosen->meanMs), plantext::pool(*chosen)));
    }
    m_chosen->setVisible(chosen != nullptr);
    syncLegend();
}

void PlanCurveChart::syncLegend() {
    chart()->legend()->hide();  // Qt's legend elides: the ChartLegendItem replaces it
    m_legend->setEntries(ChartLegendItem::entriesOf({chart()}));
    layOut();
}

void PlanCurveChart::layOut() {
    const QRectF area(QPointF(0, 0), QSizeF(viewport()->size()));
    layOutChartPanels(area, nullptr, {chart()}, m_legend);
    setSceneRect(area);
}

void PlanCurveChart::applyLook() {
    applyChartPalette(chart(), palette());
    setBackgroundBrush(chart()->backgroundBrush());  // under the legend
    m_legend->setFont(chart()->legend()->font());
    m_legend->setTextColor(chart()->legend()->labelColor());
    layOut();
}

void PlanCurveChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);  // fits the chart to the view and the scene to the chart
    layOut();
}

bool PlanCurveChart::event(QEvent* event) {
    const bool handled = QChartView::event(event);
    if (event->type() == QEvent::Polish || event->type() == QEvent::PaletteChange) applyLook();
    return handled;
}

}  // namespace graphlens::ui
