#include "ui/charts/ModelChartView.h"

#include "ui/MeasurementTableModel.h"

namespace graphlens::ui {

ModelChartView::ModelChartView(QWidget* parent) : QChartView(parent) { setRenderHint(QPainter::Antialiasing); }

void ModelChartView::setModel(const MeasurementTableModel* model) {
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        // Whole redraw per change: a sweep has tens of rows, not thousands.
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] { redraw(); });
        connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] { redraw(); });
        connect(m_model, &QAbstractItemModel::dataChanged, this, [this] { redraw(); });
    }
    redraw();
}

void ModelChartView::highlightRows(const std::vector<results::Measurement>& rows) { m_highlighter.setRows(rows); }

void ModelChartView::redraw() {
    m_highlighter.clear();
    rebuild();
    m_highlighter.apply();
}

}  // namespace graphlens::ui
