#include "ui/MainWindow.h"

#include "ui/EnvironmentStatus.h"
#include "ui/Resources.h"
#include "ui/ResultsArea.h"
#include "ui/RunLog.h"
#include "ui/SessionDocument.h"
#include "ui/SessionFileDialogs.h"
#include "ui/SessionFiles.h"
#include "ui/SweepRun.h"
#include "ui/WindowActions.h"
#include "ui/WindowMessages.h"
#include "ui/WindowShortcutFilter.h"
#include "ui/charts/ChartExport.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/plan/PlanTab.h"
#include "ui/report/AboutRunDialog.h"
#include "ui/report/ReportContent.h"
#include "ui/run/SweepPanel.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/BaselineController.h"
#include "ui/session/BaselineStatusWidget.h"
#include "ui/timeline/TimelinePanel.h"

#include <QApplication>
#include <QChartView>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QIcon>
#include <QJsonDocument>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>

namespace graphlens::ui {
namespace {

nlohmann::json fromQJson(const QJsonObject& object) {
    return nlohmann::json::parse(QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString());
}

}  // namespace

// The parts are made in the order they need each other: the rows and the session first, then what
// shows them (the results area, the log, the status bar), the docks, the flows that change them,
// and last the menus that ask for those flows.
MainWindow::MainWindow(QWidget* parent, QSettings* settings)
    : QMainWindow(parent),
      m_model(new MeasurementTableModel(this)),
      m_settings(settings
                     ? settings
                     : new QSettings(QSettings::defaultFormat(), QSettings::UserScope,
                                     QStringLiteral("GraphLens"), QCoreApplication::applicationName(), this)),
      m_worker(new WorkerClient(this)),
      m_document(new SessionDocument(m_model, this)) {
    initResources();
    setWindowIcon(QIcon(QStringLiteral(":/icons/graphlens.svg")));

    m_area = new ResultsArea(m_model);
    setCentralWidget(m_area);
    // The Plan tab reads the pooled-capture increments from the session's environment.
    m_area->planTab()->setSessionSource(
        [model = m_model]() -> const std::vector<results::Measurement>& { return model->rows(); },
        [document = m_document]() -> const nlohmann::json& { return document->info().environment; });
    // Series by driver reads each row's driver from the session's environment (a merged session's sources).
    m_area->charts()->setEnvironmentSource(
        [document = m_document]() -> const nlohmann::json& { return document->info().environment; });
    connect(m_area, &ResultsArea::selectedMeasurementsChanged, this,
            &MainWindow::selectedMeasurementsChanged);
    m_log = new RunLog;
    m_messages = new WindowMessages(m_log, statusBar(), this);
    m_files = new SessionFiles(m_document, m_model, m_area, m_messages, this);
    m_dialogs = new SessionFileDialogs(m_files, m_document, m_area, m_messages, this);
    createStatusBar();
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::updateEmptyState);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateEmptyState);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateEmptyState);

    createDocks();
    m_run = new SweepRun(m_worker, m_sweepPanel, m_document, m_model, m_area, m_files, m_messages, this);
    m_actions = new WindowActions(this, m_baseline);
    connectActions();
    connectSessionFlows();
    setTheme(themeFromKey(m_settings->value(themeSettingsKey()).toString()),
             false);  // the saved View ▸ Theme
    // Window shortcuts beat a focused text field (see WindowShortcutFilter).
    qApp->installEventFilter(new WindowShortcutFilter(m_actions->shortcutActions(), this));
    m_sweepPanel->loadFamilies(m_worker->workerExecutable());
    m_run->probeMachine();  // a first window on a CPU machine says so before any run
    updateEmptyState();
    updateTitle();
    resize(1400, 880);
}

MainWindow::~MainWindow() = default;

ShownSession MainWindow::shownSession() {
    return ShownSession{m_model, [this] { return m_document->file(); },
                        [this](const QString& path) { return openFile(path); },
                        [this] { return m_messages->lastError(); }};
}

void MainWindow::createStatusBar() {
    m_environmentLabel = new EnvironmentStatus(m_model);
    m_fileLabel = new QLabel;
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addPermanentWidget(m_environmentLabel, 1);
    statusBar()->addPermanentWidget(m_fileLabel);
    // Its tab comes with a baseline. It sees the rows shown and opens files through openFile, nothing more.
    m_baseline =
        new BaselineController(shownSession(), m_area->deltas(), m_area->charts(), m_area->table(), this);
    statusBar()->addPermanentWidget(m_baseline->statusWidget());
    m_baseline->setMachineSource(m_area->charts()->seriesBy());  // File ▸ Set GPU as Baseline
    connect(m_baseline, &BaselineController::statusMessage, statusBar(), &QStatusBar::showMessage);
}

void MainWindow::createDocks() {
    m_sweepPanel = new SweepPanel(nullptr, m_settings);
    auto* sweepDock = new QDockWidget(tr("Sweep"), this);
    sweepDock->setObjectName(QStringLiteral("sweepDock"));
    sweepDock->setWidget(m_sweepPanel);
    sweepDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                           QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, sweepDock);

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
    // What the rows are, next to Precision, when they differ from what was chosen.
    connect(m_environmentLabel, &EnvironmentStatus::measuredPrecisionChanged, m_sweepPanel,
            &SweepPanel::setMeasuredPrecision);
}

void MainWindow::connectActions() {
    connect(m_actions, &WindowActions::openRequested, m_dialogs, &SessionFileDialogs::chooseAndOpen);
    connect(m_actions, &WindowActions::openTraceRequested, m_dialogs,
            &SessionFileDialogs::chooseAndOpenTrace);
    connect(m_actions, &WindowActions::saveRequested, m_dialogs, &SessionFileDialogs::save);
    connect(m_actions, &WindowActions::saveAsRequested, m_dialogs, &SessionFileDialogs::chooseAndSaveSession);
    connect(m_actions, &WindowActions::exportCsvRequested, m_dialogs,
            &SessionFileDialogs::chooseAndExportCsv);
    connect(m_actions, &WindowActions::exportReportRequested, m_dialogs,
            &SessionFileDialogs::chooseAndExportReport);
    connect(m_actions, &WindowActions::exportChartRequested, m_dialogs,
            &SessionFileDialogs::chooseAndExportCurrentChart);
    connect(m_actions, &WindowActions::exportTraceRequested, m_dialogs,
            &SessionFileDialogs::chooseAndExportTrace);
    connect(m_actions, &WindowActions::runRequested, m_sweepPanel, &SweepPanel::requestStart);
    connect(m_actions, &WindowActions::cancelRequested, m_worker, &WorkerClient::cancel);
    connect(m_actions, &WindowActions::themeChosen, this, [this](ColorTheme theme) { setTheme(theme); });
    connect(m_actions, &WindowActions::aboutRunRequested, this, &MainWindow::showAboutRun);
    // A chart tab added later (the baseline's) gets the same right-click export as the others.
    connect(m_area->charts(), &QTabWidget::currentChanged, this, [this] {
        if (auto* chart = currentChartView()) addChartExportActions(chart);
        updateExportChartAction();
    });
}

void MainWindow::connectSessionFlows() {
    connect(m_document, &SessionDocument::fileChanged, this, &MainWindow::showCurrentFile);
    connect(m_document, &SessionDocument::idChanged, this, &MainWindow::updateTitle);
    connect(m_files, &SessionFiles::environmentRead, this, &MainWindow::setEnvironment);
    connect(m_files, &SessionFiles::environmentSummaryRead, m_environmentLabel,
            &EnvironmentStatus::showSummary);
    connect(m_files, &SessionFiles::timelineChanged, this, &MainWindow::updateEmptyState);
    connect(m_run, &SweepRun::runningChanged, m_actions, &WindowActions::setSweepRunning);
    connect(m_run, &SweepRun::environmentReceived, this, &MainWindow::setEnvironment);
    connect(m_run, &SweepRun::emptyStateChanged, this, &MainWindow::updateEmptyState);
}

void MainWindow::startSweep(const results::SweepPlan& plan) {
    m_run->start(plan);
}

bool MainWindow::openFile(const QString& path) {
    return m_files->open(path);
}

bool MainWindow::saveSession(const QString& path) {
    return m_files->save(path);
}

bool MainWindow::exportCsv(const QString& path) {
    return m_files->exportCsv(path);
}

bool MainWindow::exportReport(const QString& path) {
    return m_files->exportReport(path);
}

bool MainWindow::exportChart(const QString& path) {
    return m_files->exportChart(path);
}

bool MainWindow::openTraceFile(const QString& path) {
    return m_files->openTrace(path);
}

bool MainWindow::exportTrace(const QString& path) {
    return m_files->exportTrace(path);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Cancel kills the worker and returns at once; the process is reaped by the event loop.
    if (m_worker->isRunning()) m_worker->cancel();
    m_sweepPanel->saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::showAboutRun() {
    // The session shown, as the report would state its environment and method.
    if (!m_aboutRun) m_aboutRun = new AboutRunDialog(this);
    m_aboutRun->setContent(reportContent(m_document->withRows()));
    m_aboutRun->show();
    m_aboutRun->raise();
}

void MainWindow::setTheme(ColorTheme theme, bool remember) {
    followPaletteInCharts();  // charts re-colour with the palette (ChartStyle)
    applyTheme(theme);
    if (m_actions) m_actions->showTheme(theme);
    if (remember) m_settings->setValue(themeSettingsKey(), themeKey(theme));
}

void MainWindow::setEnvironment(const QJsonObject& helloOrEnvironment) {
    const auto nested = helloOrEnvironment.value(QStringLiteral("environment"));
    m_document->setEnvironment(fromQJson(nested.isObject() ? nested.toObject() : helloOrEnvironment));
    m_environmentLabel->showEnvironment(helloOrEnvironment);
    m_area->planTab()->sessionChanged();
    updateEmptyState();
}

void MainWindow::showCurrentFile(const QString& path) {
    m_fileLabel->setText(path.isEmpty() ? QString() : QDir::toNativeSeparators(path));
    updateTitle();
}

void MainWindow::updateEmptyState() {
    m_area->updateEmptyState(m_run && m_run->machineLacksCuda());
    updateExportChartAction();
    // Every load or clear of the timeline ends here, so this is where Export Trace follows it.
    if (m_actions) m_actions->setTraceExportable(m_area->timeline()->hasTrace());
}

void MainWindow::updateExportChartAction() {
    if (m_actions) m_actions->setChartExportable(currentChartView() != nullptr);
}

void MainWindow::updateTitle() {
    QString name = QFileInfo(m_document->file()).fileName();
    const auto& id = m_document->info().session_id;
    if (name.isEmpty() && !id.empty()) name = QString::fromStdString(id);
    if (m_document->sweepRunning())
        name = name.isEmpty() ? tr("new sweep (running)") : tr("%1 (running)").arg(name);
    setWindowTitle(name.isEmpty() ? tr("GraphLens") : tr("%1 — GraphLens").arg(name));
}

QChartView* MainWindow::currentChartView() const {
    return m_area->currentChartView();
}
SpeedupChartView* MainWindow::speedupChart() const {
    return m_area->charts()->speedupChart();
}
StepTimeChartView* MainWindow::stepTimeChart() const {
    return m_area->charts()->stepTimeChart();
}
SummaryCardWidget* MainWindow::summaryCard() const {
    return m_area->summaryCard();
}
TimelinePanel* MainWindow::timelinePanel() const {
    return m_area->timeline();
}
WhyNotGraphedPanel* MainWindow::whyNotGraphedPanel() const {
    return m_area->whyNotGraphed();
}
QString MainWindow::currentFile() const {
    return m_document->file();
}
QString MainWindow::lastError() const {
    return m_messages->lastError();
}
QString MainWindow::environmentText() const {
    return m_environmentLabel->text();
}
QLabel* MainWindow::emptyStateLabel() const {
    return m_area->emptyStateLabel();
}
QTableView* MainWindow::table() const {
    return m_area->table();
}
MeasurementFilterModel* MainWindow::tableProxy() const {
    return m_area->tableProxy();
}
MeasurementFilterBar* MainWindow::filterBar() const {
    return m_area->filterBar();
}

std::vector<results::Measurement> MainWindow::selectedMeasurements() const {
    return m_area->selectedMeasurements();
}

}  // namespace graphlens::ui
