#include "ui/charts/ModelChartView.h"

#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartPanelLayout.h"
#include "ui/charts/ChartStyle.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"

#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QTextDocument>
#include <QTextOption>

namespace graphlens::ui {

ModelChartView::ModelChartView(QWidget* parent)
    : QChartView(parent), m_schedule(new RedrawSchedule(this, [this] { redraw(); })) {
    setRenderHint(QPainter::Antialiasing);
    m_legend = new ChartLegendItem;
    m_legend->setZValue(5);
    scene()->addItem(m_legend);
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

void ModelChartView::setSeriesGrouping(const SeriesGrouping& grouping) {
    m_grouping = grouping;  // the labels may have changed with the rows even when the choice did not
    m_schedule->nowIfShown();
}

void ModelChartView::highlightRows(const std::vector<results::Measurement>& rows) { m_highlighter.setRows(rows); }

void ModelChartView::redrawIfPending() { m_schedule->flush(); }

bool ModelChartView::redrawPending() const { return m_schedule->pending(); }

QList<QChart*> ModelChartView::panels() const {
    if (m_panels.isEmpty()) return {chart()};
    QList<QChart*> shown;
    for (auto* panel : m_panels) {
        if (!m_hiddenPanels.contains(panel)) shown << panel;
    }
    return shown;
}

QList<QAbstractSeries*> ModelChartView::allSeries() const {
    QList<QAbstractSeries*> all;
    for (auto* panel : m_panels.isEmpty() ? QList<QChart*>{chart()} : m_panels) all += panel->series();
    return all;
}

QChart* ModelChartView::addPanel(const QString& title) {
    if (m_panels.isEmpty()) {
        // chart() keeps the view's title (what tests, exports and the report read) but draws
        // nothing: the title item draws it across every panel.
        chart()->hide();
        m_title = new QGraphicsTextItem;
        QTextOption centred(Qt::AlignHCenter);
        centred.setWrapMode(QTextOption::WordWrap);
        m_title->document()->setDefaultTextOption(centred);
        m_title->setAcceptHoverEvents(false);
        scene()->addItem(m_title);
    }
    auto* panel = new QChart;
    styleChart(panel, title);
    QFont font = panel->titleFont();
    font.setPointSizeF(chart()->titleFont().pointSizeF() / 1.2);  // the view's title is the larger one
    panel->setTitleFont(font);
    panel->legend()->hide();  // the view's one legend lists every panel's series
    panel->setZValue(1);
    scene()->addItem(panel);
    m_panels << panel;
    return panel;
}

void ModelChartView::setPanelShown(QChart* panel, bool shown) {
    if (shown == !m_hiddenPanels.contains(panel)) return;
    if (shown) m_hiddenPanels.removeAll(panel);
    else m_hiddenPanels << panel;
    layOut();
}

void ModelChartView::setLegendShown(bool shown) {
    m_legendShown = shown;
    m_legend->setVisible(shown);
    layOut();
}

void ModelChartView::syncLegend() {
    chart()->legend()->hide();  // Qt's legend elides: the ChartLegendItem replaces it
    m_legend->setEntries(ChartLegendItem::entriesOf(panels()));
    layOut();
}

void ModelChartView::layOut() {
    if (m_laying) return;  // a panel's geometry change must not re-enter
    m_laying = true;
    const QRectF area(QPointF(0, 0), QSizeF(viewport()->size()));
    if (m_title) m_title->setPlainText(chart()->title());
    const auto shown = m_panels.isEmpty() ? QList<QChart*>{chart()} : panels();
    layOutChartPanels(area, m_title, shown, m_legend);
    // A hidden panel stays laid out, out of sight: a QChart shown again after setVisible(false) kept
    // the elided axis labels of its hidden layout.
    const QSizeF cell = shown.isEmpty() ? area.size() : shown.front()->size();
    for (auto* panel : m_hiddenPanels) panel->setGeometry(QRectF(QPointF(-4 * area.width() - 100, 0), cell));
    setSceneRect(area);
    m_laying = false;
}

void ModelChartView::applyLook() {
    const QChart* first = m_panels.isEmpty() ? chart() : m_panels.front();
    for (auto* panel : m_panels) applyChartPalette(panel, palette());
    setBackgroundBrush(first->backgroundBrush());  // around the panels, under the title and the legend
    m_legend->setFont(first->legend()->font());
    m_legend->setTextColor(first->legend()->labelColor());
    if (m_title) {
        m_title->setFont(chart()->titleFont());
        m_title->setDefaultTextColor(first->titleBrush().color());
    }
    layOut();
}

void ModelChartView::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);  // fits chart() to the view and the scene to chart()
    layOut();
}

void ModelChartView::paintEvent(QPaintEvent* event) {
    // A series added or renamed outside redraw() (a subclass's own refresh) shows in the legend.
    if (ChartLegendItem::entriesOf(panels()) != m_legend->entries()) syncLegend();
    QChartView::paintEvent(event);
}

bool ModelChartView::event(QEvent* event) {
    const bool handled = QChartView::event(event);
    // After the application's palette follower (ChartStyle) has styled chart() for this palette.
    if (event->type() == QEvent::Polish || event->type() == QEvent::PaletteChange) applyLook();
    return handled;
}

void ModelChartView::redraw() {
    m_charted = m_model ? ChartedRows(m_model->rows(), m_family, kMaxChartedSeries, m_grouping) : ChartedRows();
    QString title = chart()->title();
    if (!m_titleNote.isEmpty() && title.endsWith(m_titleNote)) title.chop(m_titleNote.size());
    chart()->setTitle(title);
    m_highlighter.clear();
    rebuild();
    m_highlighter.apply();
    const QString note = m_charted.note();
    m_titleNote = note.isEmpty() ? QString() : QStringLiteral(" (") + note + QStringLiteral(")");
    chart()->setTitle(chart()->title() + m_titleNote);
    syncLegend();
}

}  // namespace graphlens::ui
