#include "ui/plan/PlanTab.h"

#include "ui/charts/ChartExport.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/plan/BaselineTableModel.h"
#include "ui/plan/PlanControls.h"
#include "ui/plan/PlanCurveChart.h"
#include "ui/plan/PlanFiguresForm.h"
#include "ui/plan/PlanOutcome.h"
#include "ui/plan/PlanText.h"
#include "ui/plan/SessionCosts.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

namespace graphlens::ui {

struct PlanTab::State {
    std::optional<planning::RequestMix> mix;
    planning::CostSelection wanted;  // the family and precision chosen in the tab
    SessionCosts costs;
    PlanOutcome outcome;
};

namespace {

const std::vector<results::Measurement>& noRows() {
    static const std::vector<results::Measurement> none;
    return none;
}

const nlohmann::json& noEnvironment() {
    static const nlohmann::json none = nlohmann::json::object();
    return none;
}

QLabel* caption() {
    auto* label = new QLabel;
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Normal text colour: the disabled one is too faint to read on a projector or in a screenshot.
    return label;
}

QLabel* heading(const QString& text) {
    auto* label = new QLabel(text);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

}  // namespace

PlanTab::PlanTab(QWidget* parent)
    : QWidget(parent),
      m_rows(noRows),
      m_environment(noEnvironment),
      m_state(std::make_unique<State>()),
      m_schedule(new RedrawSchedule(this, [this] { readSession(); })) {
    setAccessibleName(tr("Capture plan"));
    m_controls = new PlanControls;
    connect(m_controls, &PlanControls::loadRequested, this, &PlanTab::chooseMix);
    connect(m_controls, &PlanControls::objectiveChanged, this, &PlanTab::replan);
    connect(m_controls, &PlanControls::choiceChanged, this, [this](int index) {
        if (index < 0 || size_t(index) >= m_state->costs.choices.size()) return;
        m_state->wanted = m_state->costs.choices[size_t(index)];
        readSession();
    });
    connect(m_controls, &PlanControls::budgetChanged, this, [this] {
        m_budgetTouched = true;
        replan();
    });
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("planEmptyState"));
    m_message->setAccessibleName(tr("No capture plan"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setMargin(24);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pages = new QStackedWidget;
    m_pages->addWidget(m_message);
    m_pages->addWidget(createPlanPage());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addWidget(m_controls);
    layout->addWidget(m_pages, 1);
    replan();
}

PlanTab::~PlanTab() = default;

bool PlanTab::hasMix() const {
    return m_state->mix.has_value();
}

const SessionCosts& PlanTab::costs() const {
    return m_state->costs;
}

const PlanOutcome& PlanTab::outcome() const {
    return m_state->outcome;
}

QLabel* PlanTab::mixLabel() const {
    return m_controls->mixLabel();
}
QLabel* PlanTab::mixErrorLabel() const {
    return m_controls->mixErrorLabel();
}
QComboBox* PlanTab::objectiveChooser() const {
    return m_controls->objectiveChooser();
}
QComboBox* PlanTab::costsChooser() const {
    return m_controls->costsChooser();
}
QSlider* PlanTab::budgetSlider() const {
    return m_controls->budgetSlider();
}
QLabel* PlanTab::budgetLabel() const {
    return m_controls->budgetLabel();
}

QWidget* PlanTab::createPlanPage() {
    m_figures = new PlanFiguresForm;
    m_costsCaption = caption();
    m_costsCaption->setObjectName(QStringLiteral("planCostsCaption"));
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 6, 0);
    leftLayout->addWidget(heading(tr("Chosen plan")));
    leftLayout->addWidget(m_figures);
    leftLayout->addStretch(1);
    leftLayout->addWidget(m_costsCaption);
    auto* scroll = new QScrollArea;  // a short window scrolls the figures rather than squeezing them
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(fontMetrics().averageCharWidth() * 52);  // the figures' labels and values whole

    m_chart = new PlanCurveChart;
    addChartExportActions(m_chart);  // right-click: PNG or SVG, as on the other chart tabs
    m_notes = caption();
    m_notes->setObjectName(QStringLiteral("planNotes"));
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 0, 0, 0);
    rightLayout->addWidget(m_chart, 1);
    rightLayout->addWidget(m_notes);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    // The four baselines (other lists of sizes for the same mix and costs) below, across the whole width:
    // their size lists are long.
    m_baselineModel = new BaselineTableModel(this);
    m_baselineTable = new QTableView;
    m_baselineTable->setAccessibleName(tr("Baselines"));
    m_baselineTable->setModel(m_baselineModel);
    m_baselineTable->verticalHeader()->hide();
    m_baselineTable->setWordWrap(false);
    m_baselineTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_baselineTable->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_baselineTable->horizontalHeader()->setStretchLastSection(true);
    const int rowHeight = fontMetrics().height() + 8;
    m_baselineTable->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_baselineTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_baselineTable->setFixedHeight(m_baselineTable->horizontalHeader()->sizeHint().height() + 4 * rowHeight +
                                    2 * m_baselineTable->frameWidth());
    connect(m_baselineModel, &QAbstractItemModel::modelReset, m_baselineTable,
            &QTableView::resizeColumnsToContents);

    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 6);
    layout->addWidget(split, 1);
    layout->addWidget(m_baselineTable);
    return page;
}

void PlanTab::setSessionSource(RowSource rows, EnvironmentSource environment) {
    m_rows = rows ? std::move(rows) : RowSource(noRows);
    m_environment = environment ? std::move(environment) : EnvironmentSource(noEnvironment);
    m_schedule->now();
}

void PlanTab::follow(const QAbstractItemModel* rows) {
    m_schedule->watch(rows);
}

void PlanTab::sessionChanged() {
    m_schedule->nowIfShown();
}

void PlanTab::refresh() {
    m_schedule->now();
}

bool PlanTab::loadMix(const QString& path, QString* error) {
    try {
        m_state->mix = planning::readRequestMix(std::filesystem::path(QFile::encodeName(path).toStdString()));
    } catch (const std::exception& failure) {  // MixError, or a file that cannot be read
        const QString message = tr("Cannot use %1 as a request mix: %2")
                                    .arg(QFileInfo(path).fileName(), plantext::fromStd(failure.what()));
        m_controls->showMixError(message);
        if (error) *error = message;
        return false;
    }
    m_controls->showMixError(QString());
    m_mixFolder = QFileInfo(path).absolutePath();
    m_controls->showMix(plantext::mixSummary(*m_state->mix, QFileInfo(path).fileName()), path);
    replan();
    return true;
}

void PlanTab::chooseMix() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Request Mix"), m_mixFolder,
                                                      tr("Request mixes (*.txt *.mix *.log);;All files (*)"));
    if (!path.isEmpty()) loadMix(path);
}

planning::Objective PlanTab::objective() const {
    return planning::objectiveOf(m_controls->objectiveName().toStdString());
}

void PlanTab::setObjective(planning::Objective objective) {
    m_controls->setObjectiveName(QString::fromStdString(planning::nameOf(objective)));  // replans
}

int PlanTab::budgetMiB() const {
    return m_controls->budgetMiB();
}

void PlanTab::setBudgetMiB(int mib) {
    budgetSlider()->setValue(mib);  // replans when it moves
}

bool PlanTab::showsPlan() const {
    return m_pages->currentIndex() == 1;
}

void PlanTab::readSession() {
    m_state->costs = SessionCosts::of(m_rows(), m_environment(), m_state->wanted);
    QStringList choices;
    int current = -1;
    for (const auto& choice : m_state->costs.choices) {
        if (choice.family == m_state->costs.used.family && choice.precision == m_state->costs.used.precision)
            current = int(choices.size());
        choices << plantext::fromStd(choice.family) + QStringLiteral(" · ") +
                       plantext::fromStd(choice.precision);
    }
    m_controls->setChoices(choices, current);
    replan();
}

void PlanTab::replan() {
    auto& outcome = m_state->outcome;
    outcome = PlanOutcome{};
    if (m_state->costs.error.empty() && m_state->mix) {
        outcome = PlanOutcome::of(*m_state->mix, m_state->costs.costs, budgetMiB(), objective());
        if (outcome.reference) {
            // The range comes from the unlimited plan; a budget the user set is kept within it.
            const int ceiling = outcome.budgetCeilingMiB();
            const int budget =
                m_budgetTouched ? std::clamp(budgetMiB(), 0, ceiling) : outcome.defaultBudgetMiB();
            if (budget != outcome.budgetMiB)
                outcome = PlanOutcome::of(*m_state->mix, m_state->costs.costs, budget, objective());
            m_controls->setBudget(ceiling, budget, true);
        }
    }
    if (!outcome.reference) m_controls->setBudget(budgetSlider()->maximum(), budgetMiB(), false);
    showOutcome();
}

void PlanTab::showOutcome() {
    if (!m_state->outcome.reference) {
        QString text;
        if (!m_state->costs.error.empty()) {
            text = tr("No capture plan from this session: %1.").arg(plantext::fromStd(m_state->costs.error));
            if (!m_state->mix) text += QStringLiteral("\n\n") + plantext::noMixHint();
        } else if (!m_state->mix) {
            text = plantext::noMixHint();
        } else {
            text = tr("No capture plan for this mix: %1").arg(plantext::fromStd(m_state->outcome.error));
        }
        showMessage(text);
        return;
    }
    const auto& reference = *m_state->outcome.reference;
    const auto* plan = m_state->outcome.plan ? &*m_state->outcome.plan : nullptr;
    if (plan)
        m_figures->setFigures(plan->chosen);
    else
        m_figures->showMessage(plantext::fromStd(m_state->outcome.budgetError));
    m_baselineModel->resetData(m_state->outcome.baselines());
    m_chart->setCurve(reference.curve, budgetSlider()->maximum(), m_state->outcome.budgetMiB,
                      plan ? &plan->chosen : nullptr);
    QStringList notes;
    if (m_state->outcome.objective == planning::Objective::P99) {
        notes << tr(
            "The curve is the best mean at each budget; the p99 objective's choice may lie above it.");
    }
    for (const auto& note : m_state->outcome.notes()) notes << QStringLiteral("• ") + plantext::fromStd(note);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_costsCaption->setText(plantext::costsCaption(m_state->costs));
    m_pages->setCurrentIndex(1);
}

void PlanTab::showMessage(const QString& message) {
    m_message->setText(message);
    m_figures->showMessage(QString());
    m_baselineModel->resetData({});
    m_chart->clear();
    m_notes->clear();
    m_costsCaption->clear();
    m_pages->setCurrentIndex(0);
}

}  // namespace graphlens::ui
