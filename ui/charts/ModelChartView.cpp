#include "ui/charts/ModelChartView.h"

#include "ui/MeasurementTableModel.h"

namespace graphlens::ui {

ModelChartView::ModelChartView(QWidget* parent) : QChartView(parent) { setRenderHint(QPainter::Antialiasing); }

void ModelChartView::setModel(const MeasurementTableModel* model) {
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        // Whole redraw per change: a sweep has tens of rows, not thousands.
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] { rebuild(); });
        connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] { rebuild(); });
        connect(m_model, &QAbstractItemModel::dataChanged, this, [this] { rebuild(); });
    }
    rebuild();
}

}  // namespace graphlens::ui
