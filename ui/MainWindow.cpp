#include "ui/MainWindow.h"

#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "ui/EnvironmentSummary.h"
#include "ui/MeasurementTableModel.h"
#include "ui/Resources.h"
#include "ui/SpeedupChartView.h"
#include "ui/StepTimeChartView.h"
#include "ui/SweepPanel.h"
#include "ui/UiLogging.h"
#include "ui/WorkerClient.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QJsonDocument>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <filesystem>

namespace graphlens::ui {
namespace {

std::filesystem::path toPath(const QString& path) {
#ifdef Q_OS_WIN
    return std::filesystem::path(path.toStdWString());
#else
    return std::filesystem::path(QFile::encodeName(path).toStdString());
#endif
}

QJsonObject toQJson(const nlohmann::json& object) {
    return object.is_object() ? QJsonDocument::fromJson(QByteArray::fromStdString(object.dump())).object()
                              : QJsonObject{};
}

nlohmann::json fromQJson(const QJsonObject& object) {
    return nlohmann::json::parse(QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString());
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_model(new MeasurementTableModel(this)), m_worker(new WorkerClient(this)) {
    initResources();
    setWindowIcon(QIcon(QStringLiteral(":/icons/graphlens.svg")));

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(MeasurementTableModel::SortRole);
    m_table = new QTableView;
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
    connect(m_model, &QAbstractItemModel::rowsInserted, m_table, [this] {
        m_table->resizeColumnsToContents();
        m_table->scrollToBottom();  // follow a running sweep
    });

    m_speedupChart = new SpeedupChartView;
    m_speedupChart->setModel(m_model);
    m_stepTimeChart = new StepTimeChartView;
    m_stepTimeChart->setModel(m_model);
    m_charts = new QTabWidget;
    m_charts->setDocumentMode(true);
    m_charts->addTab(m_speedupChart, tr("Speedup"));
    m_charts->addTab(m_stepTimeChart, tr("Step time"));

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_charts);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);

    m_environmentLabel = new QLabel(tr("No engine environment yet"));
    m_fileLabel = new QLabel;
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addPermanentWidget(m_environmentLabel, 1);
    statusBar()->addPermanentWidget(m_fileLabel);

    createDocks();
    createActions();
    connectWorker();
    m_sweepPanel->loadFamilies(m_worker->workerExecutable());
    updateTitle();
    resize(1400, 880);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    m_sweepPanel = new SweepPanel;
    auto* sweepDock = new QDockWidget(tr("Sweep"), this);
    sweepDock->setObjectName(QStringLiteral("sweepDock"));
    sweepDock->setWidget(m_sweepPanel);
    sweepDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                           QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, sweepDock);

    m_log = new QPlainTextEdit;
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);  // a chatty engine must not grow the window's memory forever
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    auto* logDock = new QDockWidget(tr("Log"), this);
    logDock->setObjectName(QStringLiteral("logDock"));
    logDock->setWidget(m_log);
    addDockWidget(Qt::LeftDockWidgetArea, logDock);
    splitDockWidget(sweepDock, logDock, Qt::Vertical);
    resizeDocks({sweepDock}, {300}, Qt::Horizontal);

    connect(m_sweepPanel, &SweepPanel::startRequested, this, &MainWindow::startSweep);
    connect(m_sweepPanel, &SweepPanel::cancelRequested, m_worker, &WorkerClient::cancel);
}

void MainWindow::createActions() {
    auto* file = menuBar()->addMenu(tr("&File"));
    m_openAction = file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen);
    m_openAction->setShortcut(QKeySequence::Open);
    auto* save = file->addAction(tr("Save Session &As…"), this, &MainWindow::chooseAndSaveSession);
    save->setShortcut(QKeySequence::SaveAs);
    auto* csv = file->addAction(tr("&Export CSV…"), this, &MainWindow::chooseAndExportCsv);
    csv->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* view = menuBar()->addMenu(tr("&View"));
    const auto docks = findChildren<QDockWidget*>();
    for (auto* dock : docks) view->addAction(dock->toggleViewAction());

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About GraphLens"), this, [this] {
        QMessageBox::about(this, tr("About GraphLens"),
                           tr("<b>GraphLens %1</b><p>What CUDA graphs buy for vision models, and why.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::connectWorker() {
    connect(m_worker, &WorkerClient::started, this, [this](const QString& autosave) {
        appendLog(tr("Sweep started; rows are autosaved to %1").arg(QDir::toNativeSeparators(autosave)));
    });
    connect(m_worker, &WorkerClient::helloReceived, this, &MainWindow::setEnvironment);
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
        m_sweepRunning = false;
        m_sweepPanel->setRunning(false);
        m_openAction->setEnabled(true);
        if (ok) {
            const auto done = tr("Sweep finished: %1 rows").arg(m_model->rowCount());
            m_sweepPanel->setFinished(true, done);
            appendLog(done);
        }
        setCurrentFile(m_worker->autosavePath());
    });
}

void MainWindow::startSweep(const results::SweepPlan& plan) {
    if (m_worker->isRunning()) return;
    // A sweep is a new session: the previous rows stay in their file, the table starts empty.
    m_session = results::Session{};
    m_session.plan = results::toJson(plan);
    m_session.created = results::utcTimestampNow();
    m_model->resetData({});
    m_sweepRunning = true;
    m_sweepPanel->setRunning(true);
    m_openAction->setEnabled(false);  // opening a file mid-sweep would mix two sessions
    setCurrentFile({});
    m_worker->start(plan);
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
            m_environmentLabel->setText(
                tr("Measured on %1").arg(QString::fromStdString(m_model->rows().front().device)));
        } else {
            m_environmentLabel->setText(tr("Environment not recorded in this file"));
        }
        setCurrentFile(path);
        appendLog(tr("Opened %1: %2 rows").arg(shown).arg(m_model->rowCount()));
        return true;
    } catch (const std::exception& error) {
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
    try {
        results::writeSession(toPath(path), session);
    } catch (const std::exception& error) {
        showError(tr("Cannot save %1").arg(QDir::toNativeSeparators(path)), QString::fromUtf8(error.what()));
        return false;
    }
    m_session.session_id = session.session_id;
    m_session.created = session.created;
    setCurrentFile(path);
    appendLog(tr("Saved session %1").arg(QDir::toNativeSeparators(path)));
    return true;
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

void MainWindow::chooseAndExportCsv() {
    auto path = QFileDialog::getSaveFileName(this, tr("Export CSV"), QString(), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
    exportCsv(path);
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
    m_environmentLabel->setText(summary.isEmpty() ? tr("Environment unknown") : summary);
}

QString MainWindow::environmentText() const { return m_environmentLabel->text(); }

void MainWindow::updateTitle() {
    QString name = QFileInfo(m_currentFile).fileName();
    if (name.isEmpty() && !m_session.session_id.empty()) name = QString::fromStdString(m_session.session_id);
    if (m_sweepRunning) name = name.isEmpty() ? tr("new sweep (running)") : tr("%1 (running)").arg(name);
    setWindowTitle(name.isEmpty() ? tr("GraphLens") : tr("%1 — GraphLens").arg(name));
}

}  // namespace graphlens::ui
