#include "ui/MainWindow.h"

#include "ui/FilePath.h"

#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "ui/Resources.h"
#include "ui/UiLogging.h"
#include "ui/charts/ChartExport.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/models/ColumnFit.h"
#include "ui/models/MeasurementFilterBar.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/EnvironmentSummary.h"
#include "ui/report/AboutRunDialog.h"
#include "ui/report/ReportContent.h"
#include "ui/report/ReportWriter.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/run/EnvironmentProbe.h"
#include "ui/run/SweepPanel.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/BaselineController.h"
#include "ui/session/ExampleSessions.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/BaselineStatusWidget.h"
#include "ui/session/RunMarkerKeeper.h"
#include "ui/session/SaveInPlace.h"
#include "ui/session/SessionTrace.h"
#include "ui/timeline/TimelineAbsence.h"
#include "ui/timeline/TimelinePanel.h"

#include <QAction>
#include <QActionGroup>
#include <QChartView>
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QItemSelectionModel>
#include <QCloseEvent>
#include <QKeyEvent>
#include <QJsonDocument>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <filesystem>

namespace graphlens::ui {
namespace {

QJsonObject toQJson(const nlohmann::json& object) {
    return object.is_object() ? QJsonDocument::fromJson(QByteArray::fromStdString(object.dump())).object()
                              : QJsonObject{};
}

nlohmann::json fromQJson(const QJsonObject& object) {
    return nlohmann::json::parse(QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString());
}

}  // namespace

MainWindow::MainWindow(QWidget* parent, QSettings* settings)
    : QMainWindow(parent),
      m_model(new MeasurementTableModel(this)),
      m_settings(settings ? settings
                          : new QSettings(QSettings::defaultFormat(), QSettings::UserScope, QStringLiteral("GraphLens"),
                                          QCoreApplication::applicationName(), this)),
      m_worker(new WorkerClient(this)) {
    initResources();
    setWindowIcon(QIcon(QStringLiteral(":/icons/graphlens.svg")));

    auto* deltas = new BaselineDeltaProxy(this);  // the baseline's columns, while one is set
    deltas->setSourceModel(m_model);
    // Sorts numbers as numbers (empty cells last) and applies the filter bar; the charts stay on
    // m_model, so filtering the table never redraws them.
    auto* proxy = new MeasurementFilterModel(this);
    proxy->setSourceModel(deltas);
    m_tableProxy = proxy;
    m_table = new QTableView;
    m_table->setAccessibleName(tr("Results table"));
    m_table->setModel(proxy);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // arrival order until asked
    m_table->setSortingEnabled(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_table->setWordWrap(false);
    connect(m_model, &QAbstractItemModel::modelReset, m_table, &QTableView::resizeColumnsToContents);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::updateEnvironmentLabel);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateEnvironmentLabel);
    connect(m_model, &QAbstractItemModel::rowsInserted, m_table, [this](const QModelIndex&, int first, int last) {
        // Only the streamed rows are measured (see ColumnFit.h): 10,000 rows stay cheap per row.
        std::vector<int> shown;
        for (int row = first; row <= last; ++row) {
            if (const auto index = m_tableProxy->indexOfModelRow(row); index.isValid()) shown.push_back(index.row());
        }
        widenColumnsToFit(m_table, shown);
        m_table->scrollToBottom();  // follow a running sweep
    });

    auto* charts = new ChartsPanel;  // speedup, step time, replays, VRAM, launch overhead, phases
    charts->setModel(m_model);
    m_speedupChart = charts->speedupChart();
    m_stepTimeChart = charts->stepTimeChart();
    m_charts = charts;
    // Pointing at rows of the table marks their points in the charts (mapped through the proxies).
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { emit selectedMeasurementsChanged(selectedMeasurements()); });
    // A reset clears the selection without a selectionChanged: the old rows' marks go with it.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { emit selectedMeasurementsChanged({}); });
    connect(this, &MainWindow::selectedMeasurementsChanged, charts, &ChartsPanel::highlightRows);
    m_timeline = new TimelinePanel;
    charts->addTab(m_timeline, tr("Timeline"));

    // First run (no rows): say what to do where the charts would be.
    m_emptyState = new QLabel;
    m_emptyState->setObjectName(QStringLiteral("emptyState"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setMargin(24);
    m_chartArea = new QStackedWidget;
    m_chartArea->addWidget(m_emptyState);
    // The answer in words above the charts (the summary card), the charts below it.
    m_summaryCard = new SummaryCardWidget;
    m_summaryCard->setModel(m_model);
    auto* chartsPage = new QWidget;
    auto* chartsLayout = new QVBoxLayout(chartsPage);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(m_summaryCard);
    chartsLayout->addWidget(m_charts, 1);
    m_chartArea->addWidget(chartsPage);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::updateEmptyState);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateEmptyState);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateEmptyState);

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_chartArea);
    // The filter bar sits right above the table it narrows.
    m_filterBar = new MeasurementFilterBar;
    m_filterBar->setFilterModel(proxy);
    // Choosing a family in the table's filter bar is also how a session of many models is charted.
    connect(m_filterBar, &MeasurementFilterBar::familyChosen, this, [this, charts](const QString& family) {
        charts->setChartFamily(family);
        m_summaryCard->setFamily(family.toStdString());
    });
    auto* tablePage = new QWidget;
    auto* tableLayout = new QVBoxLayout(tablePage);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->setSpacing(0);
    tableLayout->addWidget(m_filterBar);
    tableLayout->addWidget(m_table, 1);
    splitter->addWidget(tablePage);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);

    m_environmentLabel = new QLabel(tr("No engine environment yet"));
    m_fileLabel = new QLabel;
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addPermanentWidget(m_environmentLabel, 1);
    statusBar()->addPermanentWidget(m_fileLabel);
    // Its tab comes with a baseline. It sees the rows shown and opens files through openFile, nothing more.
    m_baseline = new BaselineController(shownSession(), deltas, charts, m_table, this);
    statusBar()->addPermanentWidget(m_baseline->statusWidget());
    connect(m_baseline, &BaselineController::statusMessage, statusBar(), &QStatusBar::showMessage);

    createDocks();
    createActions();
    setTheme(themeFromKey(m_settings->value(themeSettingsKey()).toString()), false);  // the saved View ▸ Theme
    connectWorker();
    qApp->installEventFilter(this);  // see eventFilter: window shortcuts beat a focused text field
    m_sweepPanel->loadFamilies(m_worker->workerExecutable());
    // A first window on a CPU machine says so before any run (the probe runs in its own process).
    auto* probe = new EnvironmentProbe(this);
    connect(probe, &EnvironmentProbe::probed, this, [this](const QJsonObject& environment) {
        if (!environmentLacksCuda(environment) || m_lacksCuda) return;
        m_lacksCuda = true;
        if (!m_sweepRunning) m_sweepPanel->adaptToMachineWithoutCuda();
        updateEmptyState();
    });
    probe->start(m_worker->workerExecutable());
    updateEmptyState();
    updateTitle();
    resize(1400, 880);
}

MainWindow::~MainWindow() = default;

ShownSession MainWindow::shownSession() {
    return ShownSession{m_model, [this] { return m_currentFile; }, [this](const QString& path) { return openFile(path); },
                        [this] { return m_lastError; }};
}

void MainWindow::createDocks() {
    m_sweepPanel = new SweepPanel(nullptr, m_settings);
    auto* sweepDock = new QDockWidget(tr("Sweep"), this);
    sweepDock->setObjectName(QStringLiteral("sweepDock"));
    sweepDock->setWidget(m_sweepPanel);
    sweepDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                           QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, sweepDock);

    m_log = new QPlainTextEdit;
    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("Log"));
    m_log->setMaximumBlockCount(5000);  // a chatty engine must not grow the window's memory forever
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    auto* logDock = new QDockWidget(tr("Log"), this);
    logDock->setObjectName(QStringLiteral("logDock"));
    logDock->setWidget(m_log);
    addDockWidget(Qt::LeftDockWidgetArea, logDock);
    splitDockWidget(sweepDock, logDock, Qt::Vertical);
    resizeDocks({sweepDock}, {300}, Qt::Horizontal);
    // The panel's notes (model details, a CPU machine's) need its full height; the log scrolls.
    resizeDocks({sweepDock, logDock}, {660, 160}, Qt::Vertical);

    connect(m_sweepPanel, &SweepPanel::startRequested, this, &MainWindow::startSweep);
    connect(m_sweepPanel, &SweepPanel::cancelRequested, m_worker, &WorkerClient::cancel);
}

void MainWindow::createActions() {
    auto* file = menuBar()->addMenu(tr("&File"));
    // Each action is also added to the window itself, so its shortcut works whichever child has
    // focus (eventFilter keeps a text field from taking the key first).
    const auto windowAction = [this](QAction* action, const char* name, const QKeySequence& key) {
        action->setObjectName(QLatin1String(name));
        action->setShortcut(key);
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
        return action;
    };
    m_openAction = windowAction(file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen), "actionOpen",
                                QKeySequence(Qt::CTRL | Qt::Key_O));
    file->addAction(tr("Open &Trace…"), this, &MainWindow::chooseAndOpenTrace)
        ->setObjectName(QStringLiteral("actionOpenTrace"));
    m_saveAction = windowAction(file->addAction(tr("&Save Session"), this, &MainWindow::save), "actionSave",
                                QKeySequence(Qt::CTRL | Qt::Key_S));
    m_saveAsAction = windowAction(file->addAction(tr("Save Session &As…"), this, &MainWindow::chooseAndSaveSession),
                                  "actionSaveAs", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_exportAction = windowAction(file->addAction(tr("&Export CSV…"), this, &MainWindow::chooseAndExportCsv),
                                  "actionExportCsv", QKeySequence(Qt::CTRL | Qt::Key_E));
    m_reportAction = windowAction(file->addAction(tr("Export &Report…"), this, &MainWindow::chooseAndExportReport),
                                  "actionExportReport", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportChartAction = file->addAction(tr("Export C&hart…"), this, &MainWindow::chooseAndExportCurrentChart);
    m_exportChartAction->setObjectName(QStringLiteral("actionExportChart"));
    m_exportChartAction->setToolTip(tr("Save the chart of the current tab as a PNG or SVG image"));
    // A chart tab added later (the baseline's) gets the same right-click export as the others.
    connect(m_charts, &QTabWidget::currentChanged, this, [this] {
        if (auto* chart = currentChartView()) addChartExportActions(chart);
        updateExportChartAction();
    });
    m_exportTraceAction = file->addAction(tr("Export Tra&ce…"), this, &MainWindow::chooseAndExportTrace);
    m_exportTraceAction->setObjectName(QStringLiteral("actionExportTrace"));
    m_exportTraceAction->setToolTip(tr("Save the profiled steps shown in the Timeline tab as Chrome trace JSON"));
    m_exportTraceAction->setEnabled(false);
    file->addSeparator();
    m_baseline->addActionsTo(file);
    connect(m_openAction, &QAction::enabledChanged, m_baseline, &BaselineController::setOpenAllowed);  // not mid-sweep
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* sweep = menuBar()->addMenu(tr("&Sweep"));
    m_runAction = windowAction(sweep->addAction(tr("&Run"), m_sweepPanel, &SweepPanel::requestStart), "actionRun",
                               QKeySequence(Qt::CTRL | Qt::Key_R));
    m_cancelAction = windowAction(sweep->addAction(tr("&Cancel"), m_worker, &WorkerClient::cancel), "actionCancel",
                                  QKeySequence(Qt::Key_Escape));
    m_cancelAction->setEnabled(false);  // only while a sweep runs: Esc stays the widgets' otherwise

    auto* view = menuBar()->addMenu(tr("&View"));
    const auto docks = findChildren<QDockWidget*>();
    for (auto* dock : docks) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    createThemeMenu(view->addMenu(tr("&Theme")));

    auto* help = menuBar()->addMenu(tr("&Help"));
    auto* aboutRun = help->addAction(tr("About This &Run…"), this, [this] {
        // The session shown, as the report would state its environment and method.
        if (!m_aboutRun) m_aboutRun = new AboutRunDialog(this);
        results::Session session = m_session;
        session.rows = m_model->rows();
        m_aboutRun->setContent(reportContent(session));
        m_aboutRun->show();
        m_aboutRun->raise();
    });
    aboutRun->setObjectName(QStringLiteral("actionAboutRun"));
    help->addAction(tr("&About GraphLens"), this, [this] {
        QMessageBox::about(this, tr("About GraphLens"),
                           tr("<b>GraphLens %1</b><p>What CUDA graphs buy for vision models, and why.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::connectWorker() {
    new RunMarkerKeeper(m_worker, this);  // marks the run in progress, so a crash mid-run is offered at the next start
    connect(m_worker, &WorkerClient::started, this, [this](const QString& autosave) {
        // Only now, with a worker really running, is the table cleared: a sweep is a new session
        // (the previous rows stay in their file).
        m_session = results::Session{};
        m_session.plan = results::toJson(m_pendingPlan);
        m_session.created = results::utcTimestampNow();
        m_model->resetData({});
        // The previous session's trace is not this run's: say when (or why not) this one will have one.
        m_timeline->clear(whyNoTimeline({/*running=*/true, m_pendingPlan.profile, m_lacksCuda}));
        m_summaryCard->setRunning(true);  // its height is held, so the tabs below do not move
        updateEmptyState();
        m_sweepRunning = true;
        m_sweepPanel->setRunning(true);
        m_openAction->setEnabled(false);  // opening a file mid-sweep would mix two sessions
        m_runAction->setEnabled(false);
        m_cancelAction->setEnabled(true);
        setCurrentFile({});
        appendLog(tr("Sweep started; rows are autosaved to %1").arg(QDir::toNativeSeparators(autosave)));
    });
    connect(m_worker, &WorkerClient::helloReceived, this, [this](const QJsonObject& hello) {
        // This machine's devices come from its worker, never from a file measured elsewhere.
        m_lacksCuda = environmentLacksCuda(hello);
        setEnvironment(hello);
    });
    // The final fingerprint (with the clocks sampled while timing) replaces hello's, for About This Run.
    connect(m_worker, &WorkerClient::environmentReceived, this, [this](const QJsonObject& environment) {
        if (m_sweepRunning) setEnvironment(environment);
    });
    connect(m_worker, &WorkerClient::progress, m_sweepPanel, &SweepPanel::setProgress);
    connect(m_worker, &WorkerClient::measurementReceived, this, [this](const results::Measurement& row) {
        if (m_session.session_id.empty()) {
            m_session.session_id = row.session_id;
            updateTitle();
        }
        m_model->appendRow(row);
    });
    connect(m_worker, &WorkerClient::logLine, this, &MainWindow::appendLog);
    connect(m_worker, &WorkerClient::warningReceived, this, [this](const QString& text) {
        appendLog(tr("warning: %1").arg(text));
        statusBar()->showMessage(text, 10000);
    });
    connect(m_worker, &WorkerClient::failed, this, [this](const QString& message) {
        appendLog(message);
        m_sweepPanel->setFinished(false, message);
        statusBar()->showMessage(message, 15000);
    });
    connect(m_worker, &WorkerClient::finished, this, [this](bool ok) {
        m_sweepPanel->setRunning(false);
        m_openAction->setEnabled(true);
        m_runAction->setEnabled(true);
        m_cancelAction->setEnabled(false);
        m_summaryCard->setRunning(false);
        if (!m_sweepRunning) return;  // refused before it started: what is shown stays as it was
        m_sweepRunning = false;
        if (ok) {
            const auto done = tr("Sweep finished: %1 rows").arg(m_model->rowCount());
            m_sweepPanel->setFinished(true, done);
            appendLog(done);
        }
        setCurrentFile(m_worker->autosavePath());
        // The profiled steps, when the worker wrote them; else why not (a CPU run, profiling off).
        loadTraceBeside(m_worker->autosavePath(), whyNoTimeline({/*running=*/false, m_pendingPlan.profile, m_lacksCuda}));
    });
}

void MainWindow::startSweep(const results::SweepPlan& plan) {
    if (m_worker->isRunning()) return;
    // Validate first: a plan that cannot run is reported and clears nothing. The table is cleared
    // by the started() handler, once the worker really runs.
    if (const auto error = results::validateSweepPlan(plan); !error.empty()) {
        const auto message = tr("Invalid sweep: %1").arg(QString::fromStdString(error));
        appendLog(message);
        m_sweepPanel->setFinished(false, message);
        statusBar()->showMessage(message, 15000);
        return;
    }
    m_pendingPlan = plan;
    if (m_worker->start(plan) && m_worker->isRunning()) {
        // Inputs and Start are locked at once; the table is cleared only on started().
        m_sweepPanel->setRunning(true);
        m_openAction->setEnabled(false);
        m_runAction->setEnabled(false);
        m_cancelAction->setEnabled(true);
    }
}

bool MainWindow::openFile(const QString& path) {
    const QString shown = QDir::toNativeSeparators(path);
    try {
        auto session = results::readAnyResultsFile(toPath(path));
        auto rows = std::move(session.rows);
        m_session = std::move(session);
        m_model->resetData(std::move(rows));
        if (!m_session.environment.empty()) {
            setEnvironment(toQJson(m_session.environment));
        } else if (!m_model->rows().empty() && !m_model->rows().front().device.empty()) {
            // CSV and autosave files carry no environment block, but every row names its device.
            m_environmentSummary = tr("Measured on %1").arg(QString::fromStdString(m_model->rows().front().device));
            updateEnvironmentLabel();
        } else {
            m_environmentSummary = tr("Environment not recorded in this file");
            updateEnvironmentLabel();
        }
        setCurrentFile(path);
        appendLog(tr("Opened %1: %2 rows").arg(shown).arg(m_model->rowCount()));
        const auto profile = m_session.plan.is_object() ? m_session.plan.find("profile") : m_session.plan.end();
        const bool profiled = profile == m_session.plan.end() || !profile->is_boolean() || profile->get<bool>();
        loadTraceBeside(path, whyNoTimeline({/*running=*/false, profiled, environmentLacksCuda(toQJson(m_session.environment))}));
        return true;
    } catch (const std::exception& error) {
        // A trace picked with Open… (or given on the command line) opens in the Timeline tab.
        if (QString traceError; m_timeline->loadTraceFile(path, &traceError)) {
            showOpenedTrace(path);
            return true;
        }
        showError(tr("Cannot open %1").arg(shown), QString::fromUtf8(error.what()));
        return false;
    }
}

bool MainWindow::saveSession(const QString& path) {
    results::Session session = m_session;
    session.rows = m_model->rows();
    if (session.session_id.empty()) {
        session.session_id = session.rows.empty() ? results::newSessionId() : session.rows.front().session_id;
    }
    if (session.created.empty()) session.created = results::utcTimestampNow();
    // The trace first: a session saved without the trace it was shown with would reopen without it.
    const QString trace = SessionTrace::pathBeside(path);
    const bool traceWasThere = QFileInfo::exists(trace);
    if (m_timeline->hasTrace()) {
        if (QString error; !SessionTrace::copy(m_timeline->traceFile(), trace, &error)) {
            showError(tr("Cannot save %1").arg(QDir::toNativeSeparators(trace)), error);
            return false;
        }
    }
    try {
        results::writeSession(toPath(path), session);
    } catch (const std::exception& error) {
        // Leave nothing new behind: a lone trace would be opened with the next session of that name.
        if (m_timeline->hasTrace() && !traceWasThere) QFile::remove(trace);
        showError(tr("Cannot save %1").arg(QDir::toNativeSeparators(path)), QString::fromUtf8(error.what()));
        return false;
    }
    m_session.session_id = session.session_id;
    m_session.created = session.created;
    setCurrentFile(path);
    appendLog(m_timeline->hasTrace() ? tr("Saved session %1 with its trace %2")
                                           .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(trace))
                                     : tr("Saved session %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::exportTrace(const QString& path) {
    const QString shown = QDir::toNativeSeparators(path);
    QString error;
    if (!m_timeline->hasTrace()) {
        showError(tr("Cannot export %1").arg(shown), tr("no trace is loaded (File ▸ Open Trace…)"));
        return false;
    }
    if (!SessionTrace::copy(m_timeline->traceFile(), path, &error)) {
        showError(tr("Cannot export %1").arg(shown), error);
        return false;
    }
    appendLog(tr("Exported the trace to %1").arg(shown));
    return true;
}

void MainWindow::chooseAndExportTrace() {
    if (!m_timeline->hasTrace()) return;
    const QString suggested = m_currentFile.isEmpty() ? QFileInfo(m_timeline->traceFile()).fileName()
                                                      : SessionTrace::pathBeside(m_currentFile);
    auto path = QFileDialog::getSaveFileName(this, tr("Export trace"), suggested,
                                             tr("Chrome trace, opens in Perfetto (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    exportTrace(path);
}

bool MainWindow::exportCsv(const QString& path) {
    try {
        results::writeCsv(toPath(path), m_model->rows());
    } catch (const std::exception& error) {
        showError(tr("Cannot export %1").arg(QDir::toNativeSeparators(path)), QString::fromUtf8(error.what()));
        return false;
    }
    appendLog(tr("Exported %1 rows to %2").arg(m_model->rowCount()).arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::exportReport(const QString& path) {
    results::Session session = m_session;
    session.rows = m_model->rows();
    QString error;
    if (!writeReport(path, session, &error)) {
        showError(tr("Cannot export %1").arg(QDir::toNativeSeparators(path)), error);
        return false;
    }
    appendLog(tr("Wrote report %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::openTraceFile(const QString& path) {
    QString error;
    if (!m_timeline->loadTraceFile(path, &error)) {
        showError(tr("Cannot open %1").arg(QDir::toNativeSeparators(path)), error);
        return false;
    }
    showOpenedTrace(path);
    return true;
}

void MainWindow::showOpenedTrace(const QString& path) {
    appendLog(tr("Opened trace %1").arg(QDir::toNativeSeparators(path)));
    updateEmptyState();
    m_charts->setCurrentWidget(m_timeline);
}

// The one rule: results <folder>/<name>.<suffix> come with the trace <folder>/<name>.trace.json
// (session.json and session.trace.json, as `--json session.json --trace session.trace.json` writes
// them). Without one the timeline is cleared: a trace shown before belongs to another session.
void MainWindow::loadTraceBeside(const QString& resultsPath, const QString& whyNone) {
    const QString trace = SessionTrace::pathBeside(resultsPath);
    QString error;
    if (!QFileInfo::exists(trace)) {
        m_timeline->clear(whyNone);
    } else if (m_timeline->loadTraceFile(trace, &error)) {
        appendLog(tr("Opened trace %1").arg(QDir::toNativeSeparators(trace)));
    } else {
        m_timeline->clear();
        appendLog(tr("warning: %1").arg(error));  // the session itself opened: no message box
        statusBar()->showMessage(error, 10000);
    }
    updateEmptyState();
}

void MainWindow::chooseAndOpenTrace() {
    const auto path = QFileDialog::getOpenFileName(this, tr("Open trace"), QFileInfo(m_currentFile).absolutePath(),
                                                   tr("GraphLens trace (*.json);;All files (*)"));
    if (!path.isEmpty()) openTraceFile(path);
}

void MainWindow::chooseAndOpen() {
    const auto path = QFileDialog::getOpenFileName(
        this, tr("Open results"), QFileInfo(m_currentFile).absolutePath(),
        tr("GraphLens results (*.json *.jsonl *.csv);;Session (*.json);;Autosave (*.jsonl);;CSV (*.csv)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::chooseAndSaveSession() {
    auto path = QFileDialog::getSaveFileName(this, tr("Save session"), QString(), tr("Session (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    saveSession(path);
}

void MainWindow::save() {
    if (!m_sweepRunning && m_currentFile.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        const QString why = whyNotSaveInPlace(m_currentFile, exampleSessionsFolder(QCoreApplication::applicationDirPath()));
        if (why.isEmpty()) {
            saveSession(m_currentFile);
            return;
        }
        statusBar()->showMessage(why, 10000);  // then Save As: an example or read-only file is never overwritten
    }
    chooseAndSaveSession();  // a CSV, an autosave, a file not to overwrite or nothing yet: ask where
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride && watched->isWidgetType() &&
        static_cast<QWidget*>(watched)->window() == this) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeySequence pressed(key->keyCombination());
        for (const QAction* action : {m_openAction, m_saveAction, m_saveAsAction, m_exportAction, m_reportAction,
                                      m_runAction, m_cancelAction}) {
            if (action && action->isEnabled() && action->shortcut() == pressed) {
                key->ignore();  // not the field's: let the shortcut map give it to the action
                return true;
            }
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Cancel kills the worker and returns at once; the process is reaped by the event loop.
    if (m_worker->isRunning()) m_worker->cancel();
    m_sweepPanel->saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::chooseAndExportCsv() {
    auto path = QFileDialog::getSaveFileName(this, tr("Export CSV"), QString(), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
    exportCsv(path);
}

void MainWindow::chooseAndExportReport() {
    QString filter;
    auto path = QFileDialog::getSaveFileName(this, tr("Export report"), QString(),
                                             tr("PDF (*.pdf);;Web page (*.html)"), &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter.contains(QStringLiteral("html")) ? QStringLiteral(".html") : QStringLiteral(".pdf");
    }
    exportReport(path);
}

QChartView* MainWindow::currentChartView() const {
    if (!m_charts || m_chartArea->currentIndex() == 0) return nullptr;  // the empty state: no chart shown
    return qobject_cast<QChartView*>(m_charts->currentWidget());
}

void MainWindow::updateExportChartAction() {
    if (m_exportChartAction) m_exportChartAction->setEnabled(currentChartView() != nullptr);
}

bool MainWindow::exportChart(const QString& path) {
    const QString shown = QDir::toNativeSeparators(path);
    auto* chart = currentChartView();
    QString error;
    if (!chart) {
        showError(tr("Cannot export %1").arg(shown), tr("the current tab shows no chart"));
        return false;
    }
    if (!graphlens::ui::exportChart(chart, path, &error)) {
        showError(tr("Cannot export %1").arg(shown), error);
        return false;
    }
    appendLog(tr("Exported the %1 chart to %2").arg(m_charts->tabText(m_charts->currentIndex()), shown));
    return true;
}

void MainWindow::chooseAndExportCurrentChart() {
    auto* chart = currentChartView();
    if (!chart) return;
    QString filter;
    auto path = QFileDialog::getSaveFileName(this, tr("Export chart"), suggestedChartFileName(chart, QStringLiteral("png")),
                                             tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    }
    exportChart(path);
}

void MainWindow::createThemeMenu(QMenu* menu) {
    menu->setObjectName(QStringLiteral("menuTheme"));
    menu->setToolTipsVisible(true);
    m_themeActions = new QActionGroup(this);  // exclusive: one theme at a time
    const struct {
        ColorTheme theme;
        const char* objectName;
        QString text;
        QString tip;
    } choices[] = {
        {ColorTheme::System, "actionThemeSystem", tr("&System"), tr("The desktop's own style and colours")},
        {ColorTheme::Light, "actionThemeLight", tr("&Light"), tr("Dark text on light backgrounds, charts included")},
        {ColorTheme::Dark, "actionThemeDark", tr("&Dark"), tr("Light text on dark backgrounds, charts included")},
    };
    for (const auto& choice : choices) {
        auto* action = menu->addAction(choice.text);
        action->setObjectName(QLatin1String(choice.objectName));
        action->setToolTip(choice.tip);
        action->setCheckable(true);
        action->setData(themeKey(choice.theme));
        m_themeActions->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme = choice.theme] { setTheme(theme); });
    }
}

void MainWindow::setTheme(ColorTheme theme, bool remember) {
    followPaletteInCharts();  // charts re-colour with the palette (ChartStyle)
    applyTheme(theme);
    if (m_themeActions) {
        const auto actions = m_themeActions->actions();
        for (auto* action : actions) action->setChecked(action->data().toString() == themeKey(theme));
    }
    if (remember) m_settings->setValue(themeSettingsKey(), themeKey(theme));
}

void MainWindow::showError(const QString& title, const QString& detail) {
    m_lastError = title + QLatin1Char('\n') + detail;
    qCWarning(lcUiWindow).noquote() << m_lastError;
    appendLog(title + QStringLiteral(": ") + detail);
    // Non-modal: an error must not block a running sweep's live updates (or a test's event loop).
    auto* box = new QMessageBox(QMessageBox::Warning, tr("GraphLens"), title, QMessageBox::Ok, this);
    box->setInformativeText(detail);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::appendLog(const QString& line) {
    m_log->appendPlainText(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss  ")) + line);
}

void MainWindow::setCurrentFile(const QString& path) {
    m_currentFile = path;
    m_fileLabel->setText(path.isEmpty() ? QString() : QDir::toNativeSeparators(path));
    updateTitle();
}

void MainWindow::setEnvironment(const QJsonObject& helloOrEnvironment) {
    const auto nested = helloOrEnvironment.value(QStringLiteral("environment"));
    m_session.environment = fromQJson(nested.isObject() ? nested.toObject() : helloOrEnvironment);
    const auto summary = environmentSummary(helloOrEnvironment);
    m_environmentSummary = summary.isEmpty() ? tr("Environment unknown") : summary;
    updateEnvironmentLabel();
    updateEmptyState();
}

void MainWindow::updateEmptyState() {
    QString text = tr("No results yet.\nStart a sweep (Ctrl+R) or open a session (Ctrl+O).");
    if (const QString examples = exampleSessionsFolder(QCoreApplication::applicationDirPath()); !examples.isEmpty()) {
        text += QStringLiteral("\n\n") + tr("Example sessions measured on an NVIDIA H200 are in %1.").arg(QDir::toNativeSeparators(examples));
    }
    if (m_lacksCuda) {
        text += QStringLiteral("\n\n") + tr("CUDA graphs need a CUDA device: this machine times the eager arm only.");
    }
    m_emptyState->setText(text);
    const bool nothing = m_model->rowCount() == 0 && !(m_timeline && m_timeline->hasTrace());
    m_chartArea->setCurrentIndex(nothing ? 0 : 1);  // the empty state or the charts page
    updateExportChartAction();
    // Every load or clear of the timeline ends here, so this is where Export Trace follows it.
    if (m_exportTraceAction) m_exportTraceAction->setEnabled(m_timeline && m_timeline->hasTrace());
}

void MainWindow::updateEnvironmentLabel() {
    // What the rows are, not what was asked: a CPU run measures fp32 whatever the plan said.
    QStringList precisions;
    for (const auto& row : m_model->rows()) {
        const auto precision = QString::fromStdString(row.precision);
        if (!precision.isEmpty() && !precisions.contains(precision)) precisions << precision;
    }
    const QString measured = precisions.join(QStringLiteral(", "));
    QString text = m_environmentSummary.isEmpty() ? tr("No engine environment yet") : m_environmentSummary;
    if (!measured.isEmpty()) text += tr(" · rows %1").arg(measured);
    m_environmentLabel->setText(text);
    if (m_sweepPanel) m_sweepPanel->setMeasuredPrecision(measured);
}

QString MainWindow::environmentText() const { return m_environmentLabel->text(); }

std::vector<results::Measurement> MainWindow::selectedMeasurements() const {
    return m_tableProxy->measurementsAt(m_table->selectionModel()->selectedRows());
}

void MainWindow::updateTitle() {
    QString name = QFileInfo(m_currentFile).fileName();
    if (name.isEmpty() && !m_session.session_id.empty()) name = QString::fromStdString(m_session.session_id);
    if (m_sweepRunning) name = name.isEmpty() ? tr("new sweep (running)") : tr("%1 (running)").arg(name);
    setWindowTitle(name.isEmpty() ? tr("GraphLens") : tr("%1 — GraphLens").arg(name));
}

}  // namespace graphlens::ui
