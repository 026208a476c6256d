#pragma once
// Base of the chart views: a QChartView over MeasurementTableModel that redraws from the model's
// rows when they change, on the RedrawSchedule (at once for a reset, coalesced while rows stream
// in, and only when shown), and draws only the charted rows (ChartedRows: at most a few series, of
// the family chosen in the filter bar).
#include "ui/charts/ChartedRows.h"
#include "ui/charts/HighlightableChart.h"
#include "ui/charts/PointHighlighter.h"

#include <QChartView>
#include <string>

namespace graphlens::ui {

class MeasurementTableModel;
class RedrawSchedule;

class ModelChartView : public QChartView, public HighlightableChart {
    Q_OBJECT
public:
    explicit ModelChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const MeasurementTableModel* model() const { return m_model; }
    // Marks the rows' points on the series rebuild() tracked with highlighter().
    void highlightRows(const std::vector<results::Measurement>& rows) override;
    // Chart only this family's series (empty: every family, up to kMaxChartedSeries series).
    void setChartFamily(const std::string& family);
    // A redraw that rows streamed in have scheduled, done now: before the chart is exported or grabbed.
    void redrawIfPending();
    bool redrawPending() const;

protected:
    // Called by redraw(); subclasses rebuild their series from chartRows().
    virtual void rebuild() = 0;
    // The model's rows this chart draws (see ChartedRows); valid during and after rebuild().
    const std::vector<results::Measurement>& chartRows() const { return m_charted.rows(); }
    // rebuild() tracks each series it adds here; the highlight is re-applied after every rebuild.
    PointHighlighter& highlighter() { return m_highlighter; }

private:
    void redraw();  // rebuild() between forgetting the old series and re-applying the highlight

    const MeasurementTableModel* m_model = nullptr;
    std::string m_family;
    ChartedRows m_charted;
    QString m_titleNote;  // what redraw() appended to the title, taken off before the next rebuild
    PointHighlighter m_highlighter;
    RedrawSchedule* m_schedule = nullptr;
};

}  // namespace graphlens::ui
