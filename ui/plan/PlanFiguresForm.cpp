#include "ui/plan/PlanFiguresForm.h"

#include "ui/plan/PlanText.h"
#include "ui/run/MessageStyle.h"

#include "planning/CapturePlanner.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace graphlens::ui {

PlanFiguresForm::PlanFiguresForm(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Chosen capture plan"));
    const QString names[FieldCount] = {
        tr("Capture (in this order):"),  tr("Expected mean latency:"),
        tr("Expected p99 latency:"),     tr("Padding waste:"),
        tr("Requests run eagerly:"),     tr("Graph pool:"),
        tr("Capture time at start-up:"),
    };
    m_form = new QFormLayout;
    m_form->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < FieldCount; ++i) {
        auto* value = new QLabel;
        value->setObjectName(QStringLiteral("planField%1").arg(i));
        value->setAccessibleName(names[i]);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(i == Captured);  // the one value that can be long: a list of sizes
        m_values[size_t(i)] = value;
        m_form->addRow(names[i], value);
    }
    field(Padding)->setToolTip(
        tr("Rows computed for padding (a request replays the smallest captured batch that holds "
           "it), as a share of all rows computed"));
    field(Eager)->setToolTip(tr("Requests larger than every captured batch of their size: they run eagerly"));
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("planMessage"));
    m_message->setAccessibleName(tr("No plan at this budget"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setStyleSheet(messageStyle(palette(), true, false));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_form);
    layout->addWidget(m_message);
    showMessage(QString());
}

void PlanFiguresForm::setFigures(const planning::PlanFigures& figures) {
    field(Captured)->setText(plantext::shapes(figures.captured));
    field(Mean)->setText(plantext::milliseconds(figures.meanMs));
    field(P99)->setText(plantext::milliseconds(figures.p99Ms));
    field(Padding)->setText(tr("%1 of rows computed").arg(plantext::percent(figures.paddingWastePct)));
    field(Eager)->setText(plantext::percent(figures.eagerRequestsPct));
    field(Pool)->setText(plantext::pool(figures));
    field(Pool)->setToolTip(
        figures.poolIsUpperBound
            ? tr("The sum of single-shape pools: the session holds no pooled-capture measurement")
            : tr("The largest graph's own pool plus each other graph's measured increment"));
    field(CaptureTime)->setText(plantext::milliseconds(figures.captureMs));
    m_message->clear();
    m_message->hide();
    setRowsVisible(true);
    m_showsFigures = true;
}

void PlanFiguresForm::showMessage(const QString& message) {
    for (auto* value : m_values) value->clear();
    setRowsVisible(false);
    m_showsFigures = false;
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void PlanFiguresForm::setRowsVisible(bool visible) {
    for (int row = 0; row < m_form->rowCount(); ++row) m_form->setRowVisible(row, visible);
}

void PlanFiguresForm::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        m_message->setStyleSheet(messageStyle(palette(), true, false));
    QWidget::changeEvent(event);
}

}  // namespace graphlens::ui
