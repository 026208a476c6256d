#include "ui/session/BaselineController.h"

#include "results/Session.h"
#include "ui/FilePath.h"
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/session/Baseline.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/BaselineRatioChartView.h"
#include "ui/session/BaselineStatusWidget.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

namespace graphlens::ui {

BaselineController::BaselineController(MainWindow* window, BaselineDeltaProxy* deltas, QTabWidget* charts,
                                       QTableView* table)
    : QObject(window), m_window(window), m_baseline(new Baseline(this)), m_deltas(deltas), m_charts(charts),
      m_table(table) {
    m_deltas->setBaseline(m_baseline);
    m_ratioChart = new BaselineRatioChartView;
    m_ratioChart->setModel(window->model());
    m_ratioChart->setBaseline(m_baseline);

    m_status = new BaselineStatusWidget;
    window->statusBar()->addPermanentWidget(m_status);
    connect(m_status, &BaselineStatusWidget::clearRequested, this, &BaselineController::clearBaseline);

    m_setAction = new QAction(tr("Set as &Baseline"), this);
    m_setAction->setObjectName(QStringLiteral("actionSetBaseline"));
    m_setAction->setStatusTip(tr("Compare the sessions opened from now on with the session shown"));
    m_compareAction = new QAction(tr("Compare with Baseline…"), this);
    m_compareAction->setObjectName(QStringLiteral("actionCompareBaseline"));
    m_compareAction->setStatusTip(tr("Choose a results file to compare the session shown with"));
    m_clearAction = new QAction(tr("Clear Baseline"), this);
    m_clearAction->setObjectName(QStringLiteral("actionClearBaseline"));
    connect(m_setAction, &QAction::triggered, this, &BaselineController::setShownSessionAsBaseline);
    connect(m_compareAction, &QAction::triggered, this, &BaselineController::chooseAndCompare);
    connect(m_clearAction, &QAction::triggered, this, &BaselineController::clearBaseline);

    connect(m_baseline, &Baseline::changed, this, &BaselineController::onBaselineChanged);
    auto* model = window->model();
    connect(model, &QAbstractItemModel::modelReset, this, &BaselineController::updateActions);
    connect(model, &QAbstractItemModel::rowsInserted, this, &BaselineController::updateActions);
    // The table's header learns of the new columns before this runs: it connected to its model first.
    if (m_table && m_table->model()) {
        connect(m_table->model(), &QAbstractItemModel::columnsInserted, this, &BaselineController::placeDeltaColumns);
    }
    updateActions();
}

BaselineController::~BaselineController() {
    // Parentless while its tab is not shown; the tab widget deletes it otherwise.
    if (m_ratioChart && !m_ratioChart->parent()) delete m_ratioChart;
}

BaselineRatioChartView* BaselineController::ratioChart() const { return m_ratioChart.data(); }

void BaselineController::addActionsTo(QMenu* menu) {
    menu->addAction(m_setAction);
    menu->addAction(m_compareAction);
    menu->addAction(m_clearAction);
}

void BaselineController::setShownSessionAsBaseline() {
    const auto& rows = m_window->model()->rows();
    if (rows.empty()) return;
    QString name = QFileInfo(m_window->currentFile()).fileName();
    if (name.isEmpty()) name = QString::fromStdString(rows.front().session_id);
    if (name.isEmpty()) name = tr("the session shown");
    m_baseline->set(name, rows);
}

bool BaselineController::compareWithFile(const QString& path) {
    const QString shown = QDir::toNativeSeparators(path);
    try {
        auto session = results::readAnyResultsFile(toPath(path));
        m_baseline->set(QFileInfo(path).fileName(), std::move(session.rows));
    } catch (const std::exception& error) {
        m_lastError = tr("Cannot open the baseline %1").arg(shown) + QLatin1Char('\n') + QString::fromUtf8(error.what());
        auto* box = new QMessageBox(QMessageBox::Warning, tr("GraphLens"), tr("Cannot open the baseline %1").arg(shown),
                                    QMessageBox::Ok, m_window);
        box->setInformativeText(QString::fromUtf8(error.what()));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();  // non-modal, as the window's own errors
        return false;
    }
    if (const int tab = m_charts->indexOf(m_ratioChart); tab >= 0) m_charts->setCurrentIndex(tab);
    return true;
}

void BaselineController::clearBaseline() { m_baseline->clear(); }

void BaselineController::chooseAndCompare() {
    const auto path = QFileDialog::getOpenFileName(
        m_window, tr("Compare with baseline"), QFileInfo(m_window->currentFile()).absolutePath(),
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
    if (set) m_window->statusBar()->showMessage(tr("Comparing with the baseline %1").arg(m_baseline->name()), 5000);
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
    m_setAction->setEnabled(m_window->model()->rowCount() > 0);
    m_clearAction->setEnabled(m_baseline->isSet());
}

}  // namespace graphlens::ui
