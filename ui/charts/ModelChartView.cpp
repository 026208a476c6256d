#include "ui/charts/ModelChartView.h"

#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"

#include <QChart>

namespace graphlens::ui {

ModelChartView::ModelChartView(QWidget* parent)
    : QChartView(parent), m_schedule(new RedrawSchedule(this, [this] { redraw(); })) {
    setRenderHint(QPainter::Antialiasing);
}

void ModelChartView::setModel(const MeasurementTableModel* model) {
    m_model = model;
    m_schedule->watch(model);
    m_schedule->now();
}

void ModelChartView::setChartFamily(const std::string& family) {
    if (family == m_family) return;
    m_family = family;
    m_schedule->nowIfShown();  // six chart tabs: only the one in front redraws now
}

void ModelChartView::highlightRows(const std::vector<results::Measurement>& rows) { m_highlighter.setRows(rows); }

void ModelChartView::redrawIfPending() { m_schedule->flush(); }

bool ModelChartView::redrawPending() const { return m_schedule->pending(); }

void ModelChartView::redraw() {
    m_charted = m_model ? ChartedRows(m_model->rows(), m_family) : ChartedRows();
    QString title = chart()->title();
    if (!m_titleNote.isEmpty() && title.endsWith(m_titleNote)) title.chop(m_titleNote.size());
    chart()->setTitle(title);
    m_highlighter.clear();
    rebuild();
    m_highlighter.apply();
    const QString note = m_charted.note();
    m_titleNote = note.isEmpty() ? QString() : QStringLiteral(" (") + note + QStringLiteral(")");
    chart()->setTitle(chart()->title() + m_titleNote);
}

}  // namespace graphlens::ui
