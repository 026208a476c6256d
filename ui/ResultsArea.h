#pragma once
// The middle of the window: the charts, with the summary card above them (or the first-run text in
// their place while there is nothing to show), over the results table and the filter bar that
// narrows it. Selecting rows in the table marks their points in the charts; beside the table, "Why not
// graphed" explains a refused graphed row (only in a session that has one).
#include "results/Measurement.h"

#include <QSplitter>
#include <vector>

class QChartView;
class QLabel;
class QStackedWidget;
class QTableView;

namespace graphlens::ui {

class BaselineDeltaProxy;
class ChartsPanel;
class MeasurementFilterBar;
class MeasurementFilterModel;
class MeasurementTableModel;
class PlanTab;
class SummaryCardWidget;
class TimelinePanel;
class WhyNotGraphedPanel;

class ResultsArea : public QSplitter {
    Q_OBJECT
public:
    explicit ResultsArea(MeasurementTableModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    // The table's model: sorts numbers as numbers and applies the filter bar, over the deltas.
    MeasurementFilterModel* tableProxy() const { return m_tableProxy; }
    BaselineDeltaProxy* deltas() const { return m_deltas; }  // the baseline's columns, while one is set
    MeasurementFilterBar* filterBar() const { return m_filterBar; }
    ChartsPanel* charts() const { return m_charts; }
    TimelinePanel* timeline() const {
        return m_timeline;
    }  // the Timeline tab: reads a trace file, not the rows
    // The Plan tab: a capture plan for a request mix from the rows (the window gives it the environment).
    PlanTab* planTab() const { return m_plan; }
    SummaryCardWidget* summaryCard() const { return m_summaryCard; }
    WhyNotGraphedPanel* whyNotGraphed() const { return m_whyNotGraphed; }  // beside the table
    QLabel* emptyStateLabel() const { return m_emptyState; }

    // The chart in the current tab, or nullptr (the Timeline tab, the empty state).
    QChartView* currentChartView() const;
    // The rows selected in the table, mapped through its proxies to the model's rows.
    std::vector<graphlens::results::Measurement> selectedMeasurements() const;
    // The first-run text while there are no rows and no trace (with a note when this machine
    // `lacksCuda`), else the charts.
    void updateEmptyState(bool lacksCuda);

signals:
    // The table's selection changed (empty: nothing selected, or the rows were replaced).
    void selectedMeasurementsChanged(const std::vector<graphlens::results::Measurement>& rows);

private:
    void createTable();
    QWidget* createChartsPage();
    QWidget* createTablePage();

    MeasurementTableModel* m_model;
    BaselineDeltaProxy* m_deltas = nullptr;
    MeasurementFilterModel* m_tableProxy = nullptr;
    QTableView* m_table = nullptr;
    MeasurementFilterBar* m_filterBar = nullptr;
    ChartsPanel* m_charts = nullptr;
    TimelinePanel* m_timeline = nullptr;
    PlanTab* m_plan = nullptr;
    WhyNotGraphedPanel* m_whyNotGraphed = nullptr;
    SummaryCardWidget* m_summaryCard = nullptr;
    QStackedWidget* m_chartArea = nullptr;  // the empty state or the charts
    QLabel* m_emptyState = nullptr;
};

}  // namespace graphlens::ui
