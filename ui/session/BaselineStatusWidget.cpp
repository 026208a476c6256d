#include "ui/session/BaselineStatusWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace graphlens::ui {

BaselineStatusWidget::BaselineStatusWidget(QWidget* parent) : QWidget(parent) {
    m_label = new QLabel;
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setAccessibleName(tr("Baseline in use"));
    m_clear = new QToolButton;
    m_clear->setText(tr("Clear baseline"));
    m_clear->setAccessibleName(tr("Clear baseline"));
    m_clear->setToolTip(tr("Stop comparing with the baseline"));
    m_clear->setAutoRaise(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_label);
    layout->addWidget(m_clear);
    connect(m_clear, &QToolButton::clicked, this, &BaselineStatusWidget::clearRequested);
    hide();
}

void BaselineStatusWidget::showBaseline(const QString& name) {
    m_label->setText(name.isEmpty() ? QString() : tr("Baseline: %1").arg(name));
    setVisible(!name.isEmpty());
}

QString BaselineStatusWidget::text() const { return m_label->text(); }

}  // namespace graphlens::ui
