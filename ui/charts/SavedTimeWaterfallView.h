#pragma once
// "Where the saved time went" for one graphed row: a horizontal waterfall from the eager step down to
// the graphed step through the terms of explain_saved_ms (SavedTimeWaterfall), the unexplained rest
// drawn like the others, titled with how it was measured (one profiled step of each arm). Without
// explain_* figures it shows why instead of an empty chart.
#include "ui/charts/SavedTimeWaterfall.h"

#include <QWidget>

class QBarCategoryAxis;
class QChartView;
class QLabel;
class QStackedWidget;
class QValueAxis;

namespace graphlens::ui {

class SavedTimeWaterfallView : public QWidget {
    Q_OBJECT
public:
    explicit SavedTimeWaterfallView(QWidget* parent = nullptr);

    // rows: the session's rows (a profiled row may give the graphed step its length); row: the graphed row to explain.
    void setRow(const results::Measurement* row, const std::vector<results::Measurement>& rows = {});
    const SavedTimeWaterfall& waterfall() const { return m_waterfall; }
    QChartView* chartView() const { return m_chart; }
    QLabel* emptyStateLabel() const { return m_empty; }
    bool showsChart() const;

    static QString title(int batch);

private:
    void rebuild();

    SavedTimeWaterfall m_waterfall;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_empty = nullptr;
    QChartView* m_chart = nullptr;
    QBarCategoryAxis* m_categories = nullptr;
    QValueAxis* m_values = nullptr;
};

}  // namespace graphlens::ui
