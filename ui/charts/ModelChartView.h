#pragma once
// Base of the charts under ui/charts: a QChartView over MeasurementTableModel that redraws from the
// model's rows whenever they change (reset, rows streamed in, data changed).
#include <QChartView>

namespace graphlens::ui {

class MeasurementTableModel;

class ModelChartView : public QChartView {
    Q_OBJECT
public:
    explicit ModelChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const MeasurementTableModel* model() const { return m_model; }

protected:
    // Called after every model change (and once by setModel); subclasses redraw from model()->rows().
    virtual void rebuild() = 0;

private:
    const MeasurementTableModel* m_model = nullptr;
};

}  // namespace graphlens::ui
