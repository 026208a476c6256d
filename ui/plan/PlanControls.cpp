#include "ui/plan/PlanControls.h"

#include "ui/run/MessageStyle.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>

namespace graphlens::ui {

PlanControls::PlanControls(QWidget* parent) : QWidget(parent) {
    m_load = new QPushButton(tr("Load mix…"));
    m_load->setAccessibleName(tr("Load request mix"));
    m_load->setToolTip(
        tr("A text file: one batch size per line (a log), or 'size count' lines (a histogram)"));
    connect(m_load, &QPushButton::clicked, this, &PlanControls::loadRequested);
    m_mixLabel = new QLabel(tr("no mix loaded"));
    m_mixLabel->setAccessibleName(tr("Request mix"));
    m_mixLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_mixError = new QLabel;
    m_mixError->setObjectName(QStringLiteral("planMixError"));
    m_mixError->setWordWrap(true);
    m_mixError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_mixError->setStyleSheet(messageStyle(palette(), true, false));
    m_mixError->hide();

    m_objective = new QComboBox;
    m_objective->setAccessibleName(tr("Objective"));
    m_objective->setToolTip(
        tr("The latency per request the plan minimises: the mean, or the p99 (at most 1% of "
           "requests slower), then the lowest mean among those"));
    m_objective->addItem(tr("mean latency"), QStringLiteral("mean"));
    m_objective->addItem(tr("p99 latency"), QStringLiteral("p99"));
    connect(m_objective, &QComboBox::currentIndexChanged, this, &PlanControls::objectiveChanged);

    m_costsChooserLabel = new QLabel(tr("Costs of:"));
    m_costsChooser = new QComboBox;
    m_costsChooser->setAccessibleName(tr("Family and precision of the costs"));
    m_costsChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_costsChooser, &QComboBox::currentIndexChanged, this, &PlanControls::choiceChanged);
    setChoices({}, -1);

    m_budget = new QSlider(Qt::Horizontal);
    m_budget->setAccessibleName(tr("VRAM budget (MiB)"));
    m_budget->setToolTip(tr("The memory the captured graphs' shared pool may take, in whole MiB"));
    m_budget->setMinimumWidth(180);
    m_budget->setSingleStep(1);
    m_budgetText = new QLabel;
    m_budgetText->setAccessibleName(tr("VRAM budget"));
    m_budgetText->setMinimumWidth(m_budgetText->fontMetrics().horizontalAdvance(QStringLiteral("00000 MiB")));
    connect(m_budget, &QSlider::valueChanged, this, [this](int mib) {
        showBudgetText();
        emit budgetChanged(mib);
    });
    setBudget(0, 0, false);

    auto* row = new QHBoxLayout;
    row->addWidget(m_load);
    row->addWidget(m_mixLabel);
    row->addSpacing(16);
    row->addWidget(new QLabel(tr("Objective:")));
    row->addWidget(m_objective);
    row->addSpacing(16);
    row->addWidget(m_costsChooserLabel);
    row->addWidget(m_costsChooser);
    row->addSpacing(16);
    row->addWidget(new QLabel(tr("VRAM budget:")));
    row->addWidget(m_budget, 1);
    row->addWidget(m_budgetText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_mixError);
}

void PlanControls::showMix(const QString& summary, const QString& path) {
    m_mixLabel->setText(summary);
    m_mixLabel->setToolTip(path);
}

void PlanControls::showMixError(const QString& message) {
    m_mixError->setText(message);
    m_mixError->setVisible(!message.isEmpty());
}

QString PlanControls::objectiveName() const {
    return m_objective->currentData().toString();
}

void PlanControls::setObjectiveName(const QString& name) {
    m_objective->setCurrentIndex(m_objective->findData(name));
}

void PlanControls::setChoices(const QStringList& choices, int current) {
    const QSignalBlocker block(m_costsChooser);
    m_costsChooser->clear();
    m_costsChooser->addItems(choices);
    m_costsChooser->setCurrentIndex(current);
    const bool several = choices.size() > 1;  // one pair needs no choosing
    m_costsChooser->setVisible(several);
    m_costsChooserLabel->setVisible(several);
}

void PlanControls::setBudget(int ceilingMiB, int valueMiB, bool enabled) {
    {
        const QSignalBlocker block(m_budget);
        m_budget->setRange(0, std::max(0, ceilingMiB));
        m_budget->setPageStep(std::max(1, ceilingMiB / 20));
        m_budget->setValue(valueMiB);
    }
    m_budget->setEnabled(enabled);
    showBudgetText();
}

int PlanControls::budgetMiB() const {
    return m_budget->value();
}

void PlanControls::showBudgetText() {
    m_budgetText->setText(m_budget->isEnabled() ? tr("%1 MiB").arg(m_budget->value()) : QString());
}

void PlanControls::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        m_mixError->setStyleSheet(messageStyle(palette(), true, false));
    QWidget::changeEvent(event);
}

}  // namespace graphlens::ui
