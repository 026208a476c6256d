#include "ui/session/BaselineController.h"

#include "ui/charts/SeriesBySelector.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/session/Baseline.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/BaselineRatioChartView.h"
#include "ui/session/BaselineStatusWidget.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QMenu>
#include <QTabWidget>
#include <QTableView>

namespace graphlens::ui {

BaselineController::BaselineController(ShownSession shown, BaselineDeltaProxy* deltas, QTabWidget* charts,
                                       QTableView* table, QWidget* window)
    : QObject(window), m_shown(std::move(shown)), m_window(window), m_baseline(new Baseline(this)),
      m_deltas(deltas), m_charts(charts), m_table(table) {
    m_deltas->setBaseline(m_baseline);
    m_ratioChart = new BaselineRatioChartView;
    m_ratioChart->setModel(m_shown.model);
    m_ratioChart->setBaseline(m_baseline);

    m_status = new BaselineStatusWidget;
    connect(m_status, &BaselineStatusWidget::clearRequested, this, &BaselineController::clearBaseline);

    m_setAction = new QAction(tr("Set as &Baseline"), this);
    m_setAction->setObjectName(QStringLiteral("actionSetBaseline"));
    m_setAction->setStatusTip(tr("Keep the session shown as the baseline: sessions opened from now on are compared with it"));
    m_compareAction = new QAction(tr("Compare with Baseline…"), this);
    m_compareAction->setObjectName(QStringLiteral("actionCompareBaseline"));
    m_clearAction = new QAction(tr("Clear Baseline"), this);
    m_clearAction->setObjectName(QStringLiteral("actionClearBaseline"));
    connect(m_setAction, &QAction::triggered, this, &BaselineController::setShownSessionAsBaseline);
    connect(m_compareAction, &QAction::triggered, this, &BaselineController::chooseAndCompare);
    connect(m_clearAction, &QAction::triggered, this, &BaselineController::clearBaseline);
    m_machineMenu = new QMenu(tr("Set GPU as Baseline"));
    m_machineMenu->setObjectName(QStringLiteral("menuMachineBaseline"));
    m_machineMenu->setStatusTip(tr("A session merged from many machines: compare its other GPUs with this one"));
    connect(m_machineMenu, &QMenu::aboutToShow, this, &BaselineController::fillMachineMenu);

    connect(m_baseline, &Baseline::changed, this, &BaselineController::onBaselineChanged);
    connect(m_shown.model, &QAbstractItemModel::modelReset, this, &BaselineController::updateActions);
    connect(m_shown.model, &QAbstractItemModel::rowsInserted, this, &BaselineController::updateActions);
    // The table's header learns of the new columns before this runs: it connected to its model first.
    if (m_table && m_table->model()) {
        connect(m_table->model(), &QAbstractItemModel::columnsInserted, this, &BaselineController::placeDeltaColumns);
    }
    updateActions();
}

BaselineController::~BaselineController() {
    // Parentless while its tab is not shown; the tab widget deletes it otherwise. The status widget
    // likewise, until a status bar takes it.
    if (m_ratioChart && !m_ratioChart->parent()) delete m_ratioChart;
    if (m_status && !m_status->parent()) delete m_status;
    delete m_machineMenu;  // parentless: a QMenu parented to a QObject is not a widget's child
}

BaselineRatioChartView* BaselineController::ratioChart() const { return m_ratioChart.data(); }

BaselineStatusWidget* BaselineController::statusWidget() const { return m_status.data(); }

void BaselineController::addActionsTo(QMenu* menu) {
    menu->addAction(m_setAction);
    menu->addAction(m_compareAction);
    menu->addAction(m_clearAction);
    menu->addMenu(m_machineMenu);
}

void BaselineController::setMachineSource(SeriesBySelector* seriesBy) {
    m_seriesBy = seriesBy;
    if (m_seriesBy) connect(m_seriesBy, &SeriesBySelector::groupingChanged, this, &BaselineController::updateActions);
    updateActions();
}

namespace {

// The kind of machine Set … as Baseline offers: the charts' choice, GPU while they are by family.
SeriesBy baselineMachineKind(const SeriesBySelector* seriesBy) {
    const SeriesBy by = seriesBy ? seriesBy->seriesBy() : SeriesBy::Gpu;
    return by == SeriesBy::Family ? SeriesBy::Gpu : by;
}

}  // namespace

QStringList BaselineController::baselineMachines() const {
    QStringList out;
    if (!m_seriesBy) return out;
    for (const auto& machine : m_seriesBy->grouping().machines(m_shown.model->rows(), baselineMachineKind(m_seriesBy))) {
        out << QString::fromStdString(machine);
    }
    return out;
}

bool BaselineController::setMachineAsBaseline(const QString& machine) {
    if (!m_seriesBy) return false;
    const SeriesBy kind = baselineMachineKind(m_seriesBy);
    const std::string wanted = machine.toStdString();
    std::vector<results::Measurement> rows;
    for (const auto& row : m_shown.model->rows()) {
        if (m_seriesBy->grouping().machineOf(row, kind) == wanted) rows.push_back(row);
    }
    if (rows.empty()) {
        m_lastError = tr("No row of the session shown was measured on %1").arg(machine);
        emit statusMessage(m_lastError, 10000);
        return false;
    }
    m_lastError.clear();
    // The deltas of the other machines against this one, a series per machine in "vs baseline".
    if (m_seriesBy->seriesBy() != kind) m_seriesBy->setSeriesBy(kind);
    m_baseline->setFromShown(machine, std::move(rows));
    if (const int tab = m_charts->indexOf(m_ratioChart); tab >= 0) m_charts->setCurrentIndex(tab);
    emit statusMessage(tr("Comparing the other machines of this session with %1").arg(machine), 5000);
    return true;
}

void BaselineController::fillMachineMenu() {
    m_machineMenu->clear();
    for (const auto& machine : baselineMachines()) {
        auto* action = m_machineMenu->addAction(machine);
        connect(action, &QAction::triggered, this, [this, machine] { setMachineAsBaseline(machine); });
    }
}

void BaselineController::setShownSessionAsBaseline() {
    const auto& rows = m_shown.model->rows();
    if (rows.empty()) return;
    QString name = QFileInfo(m_shown.file ? m_shown.file() : QString()).fileName();
    if (name.isEmpty()) name = QString::fromStdString(rows.front().session_id);
    if (name.isEmpty()) name = tr("the session shown");
    m_baseline->set(name, rows);
}

bool BaselineController::compareWithFile(const QString& path) {
    if (!m_baseline->isSet()) {
        m_lastError = tr("No baseline to compare with: show a session and choose File ▸ Set as Baseline first");
        emit statusMessage(m_lastError, 10000);
        return false;
    }
    m_lastError.clear();
    // The file becomes the session shown ("now"); the baseline is not touched, so every delta reads
    // "this file against the baseline".
    if (!m_shown.open || !m_shown.open(path)) {
        m_lastError = tr("Cannot open %1").arg(path);
        return false;
    }
    if (const int tab = m_charts->indexOf(m_ratioChart); tab >= 0) m_charts->setCurrentIndex(tab);
    emit statusMessage(tr("Comparing %1 with the baseline %2").arg(QFileInfo(path).fileName(), m_baseline->name()), 5000);
    return true;
}

void BaselineController::clearBaseline() { m_baseline->clear(); }

void BaselineController::setOpenAllowed(bool allowed) {
    m_openAllowed = allowed;
    updateActions();
}

void BaselineController::chooseAndCompare() {
    const QString shownFile = m_shown.file ? m_shown.file() : QString();
    const auto path = QFileDialog::getOpenFileName(
        m_window, tr("Compare with baseline %1").arg(m_baseline->name()), QFileInfo(shownFile).absolutePath(),
        tr("GraphLens results (*.json *.jsonl *.csv);;Session (*.json);;Autosave (*.jsonl);;CSV (*.csv)"));
    if (!path.isEmpty()) compareWithFile(path);
}

void BaselineController::onBaselineChanged() {
    const bool set = m_baseline->isSet();
    m_status->showBaseline(set ? m_baseline->name() : QString());
    const int tab = m_charts->indexOf(m_ratioChart);
    if (set && tab < 0) {
        m_charts->addTab(m_ratioChart, tr("vs baseline"));
    } else if (!set && tab >= 0) {
        m_charts->removeTab(tab);
        m_ratioChart->setParent(nullptr);
    }
    if (set) {
        emit statusMessage(tr("Baseline: %1. Open or compare another session to see it against this one")
                               .arg(m_baseline->name()),
                           5000);
    }
    updateActions();
}

void BaselineController::placeDeltaColumns() {
    // Logically the delta columns come last (the table's own column numbers never move); on screen
    // they sit right after the median they compare.
    if (!m_table || m_deltas->columnOf(BaselineDeltaProxy::BaselineMedian) < 0) return;
    auto* header = m_table->horizontalHeader();
    const int after = header->visualIndex(MeasurementTableModel::StepMsMedian);
    for (int extra = 0; extra < BaselineDeltaProxy::ExtraColumnCount; ++extra) {
        const int logical = m_deltas->columnOf(BaselineDeltaProxy::ExtraColumn(extra));
        header->moveSection(header->visualIndex(logical), after + 1 + extra);
        m_table->resizeColumnToContents(logical);
    }
}

void BaselineController::updateActions() {
    const bool set = m_baseline->isSet();
    m_setAction->setEnabled(m_shown.model->rowCount() > 0);
    // Only a session of several machines has one to compare the others with.
    const SeriesBy kind = baselineMachineKind(m_seriesBy);
    m_machineMenu->setTitle(kind == SeriesBy::Host     ? tr("Set Host as Baseline")
                            : kind == SeriesBy::Driver ? tr("Set Driver as Baseline")
                                                       : tr("Set GPU as Baseline"));
    m_machineMenu->menuAction()->setEnabled(baselineMachines().size() > 1);
    m_clearAction->setEnabled(set);
    m_compareAction->setEnabled(set && m_openAllowed);
    m_compareAction->setStatusTip(set ? tr("Open another results file as the session shown, compared with the baseline %1")
                                            .arg(m_baseline->name())
                                      : tr("Set a baseline first: File ▸ Set as Baseline keeps the session shown"));
}

}  // namespace graphlens::ui
