#pragma once
// Base of the charts under ui/charts: a QChartView over MeasurementTableModel that redraws from the
// model's rows whenever they change (reset, rows streamed in, data changed).
#include "ui/charts/HighlightableChart.h"
#include "ui/charts/PointHighlighter.h"

#include <QChartView>

namespace graphlens::ui {

class MeasurementTableModel;

class ModelChartView : public QChartView, public HighlightableChart {
    Q_OBJECT
public:
    explicit ModelChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const MeasurementTableModel* model() const { return m_model; }
    // Marks the rows' points on the series rebuild() tracked with highlighter().
    void highlightRows(const std::vector<results::Measurement>& rows) override;

protected:
    // Called after every model change (and once by setModel); subclasses redraw from model()->rows().
    virtual void rebuild() = 0;
    // rebuild() tracks each series it adds here; the highlight is re-applied after every rebuild.
    PointHighlighter& highlighter() { return m_highlighter; }

private:
    void redraw();  // rebuild() between forgetting the old series and re-applying the highlight

    const MeasurementTableModel* m_model = nullptr;
    PointHighlighter m_highlighter;
};

}  // namespace graphlens::ui
