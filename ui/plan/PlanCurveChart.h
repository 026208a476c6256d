#pragma once
// "Expected mean latency vs VRAM budget": the best mean latency per request that a graph pool of each
// size buys for the mix (the plan's curve, a step: a budget between two points buys the lower one's
// set), the budget as a vertical line and the chosen plan as a highlighted point. The legend is a
// ChartLegendItem below the plot, wrapped, never elided, as in the other chart tabs.
#include <QChartView>

#include <vector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

// Only declared: moc cannot parse the <compare> that core/planning's headers include.
namespace graphlens::planning {
struct CurvePoint;
struct PlanFigures;
}  // namespace graphlens::planning

namespace graphlens::ui {

class ChartLegendItem;

class PlanCurveChart : public QChartView {
    Q_OBJECT
public:
    explicit PlanCurveChart(QWidget* parent = nullptr);

    // The x axis runs from 0 to `xMaxMiB` (the budget slider's range); `chosen` null: no plan fits.
    void setCurve(const std::vector<planning::CurvePoint>& curve, double xMaxMiB, double budgetMiB,
                  const planning::PlanFigures* chosen);
    void clear();

    QLineSeries* frontSeries() const { return m_front; }
    QLineSeries* budgetSeries() const { return m_budget; }
    QScatterSeries* chosenSeries() const { return m_chosen; }
    QValueAxis* poolAxis() const { return m_x; }
    QValueAxis* latencyAxis() const { return m_y; }
    ChartLegendItem* legendItem() const { return m_legend; }
    static QString title();

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    void syncLegend();
    void layOut();
    void applyLook();  // palette onto the chart and the legend

    QLineSeries* m_front = nullptr;
    QLineSeries* m_budget = nullptr;
    QScatterSeries* m_chosen = nullptr;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    ChartLegendItem* m_legend = nullptr;
};

}  // namespace graphlens::ui
