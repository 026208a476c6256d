#include "ui/run/WorkerClient.h"

#include "platform/ProcessControl.h"
#include "results/ResultsError.h"
#include "results/Session.h"
#include "results/WorkerProtocol.h"
#include "ui/UiLogging.h"
#include "ui/models/MeasurementMetaType.h"
#include "ui/run/WorkerExecutable.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace graphlens::ui {
namespace {

using results::WorkerEventType;

QString fromStd(const std::string& text) { return QString::fromStdString(text); }

std::string stringField(const nlohmann::json& fields, const char* key) {
    const auto found = fields.find(key);
    return found != fields.end() && found->is_string() ? found->get<std::string>() : std::string{};
}

double numberField(const nlohmann::json& fields, const char* key) {
    const auto found = fields.find(key);
    return found != fields.end() && found->is_number() ? found->get<double>() : 0.0;
}

// A count from the worker as an int: clamped, so a corrupt line (1e300, -5, NaN) cannot overflow the
// conversion (undefined behaviour) or show a negative progress.
int countField(const nlohmann::json& fields, const char* key) {
    const double value = numberField(fields, key);
    if (!(value > 0)) return 0;
    return value >= 1e9 ? 1000000000 : static_cast<int>(value);
}

QString rowsKept(int rows) {
    return rows == 1 ? WorkerClient::tr("1 row kept") : WorkerClient::tr("%1 rows kept").arg(rows);
}

QJsonObject toQJson(const nlohmann::json& object) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(object.dump())).object();
}

}  // namespace

WorkerClient::WorkerClient(QObject* parent)
    : QObject(parent),
      m_executable(defaultWorkerExecutable()),
      m_resultsDirectory(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                         QStringLiteral("/sessions")) {
    registerMetaTypes();
}

WorkerClient::~WorkerClient() {
    if (m_process) abandonProcess();
}

void WorkerClient::killProcessTree() {
    if (!m_process) return;
    // The worker leads its own process group (see start): the kill reaches what it started too. On
    // Windows what it started sits in job objects that end with it (platform/ChildProcessWindows.cpp).
    platform::killProcessGroup(m_process->processId());
    m_process->kill();
}

void WorkerClient::abandonProcess() {
    // Never wait for the process in this (the GUI) thread: kill it and let the event loop reap it.
    // The QProcess deletes itself once finished; parentless, so destroying `this` cannot make its
    // destructor block in waitForFinished either.
    m_process->disconnect(this);
    killProcessTree();
    if (m_process->state() == QProcess::NotRunning) {
        m_process->deleteLater();
    } else {
        m_process->setParent(nullptr);
        connect(m_process, &QProcess::finished, m_process, &QObject::deleteLater);
    }
    m_process = nullptr;
}

void WorkerClient::setWorkerExecutable(const QString& path) { m_executable = path; }

bool WorkerClient::isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }

bool WorkerClient::start(const results::SweepPlan& requested) {
    if (isRunning()) return false;
    discardProcess();
    m_errors.clear();
    m_rows = 0;
    m_cancelled = m_doneSeen = m_doneOk = false;

    results::SweepPlan plan = requested;
    if (plan.autosave.empty()) {
        // The worker appends each row here as it is measured: a kill or crash loses nothing.
        if (!QDir().mkpath(m_resultsDirectory)) {
            fail(tr("Cannot create the results folder %1").arg(m_resultsDirectory));
            return false;
        }
        plan.autosave = QDir(m_resultsDirectory)
                            .filePath(fromStd(results::newSessionId()) + QStringLiteral(".jsonl"))
                            .toStdString();
    }
    if (plan.trace.empty() && plan.profile) {
        // The profiled steps go beside the autosave (<id>.trace.json, the rule MainWindow opens
        // traces by), so the Timeline tab can show a run made in the window.
        const QFileInfo autosave(fromStd(plan.autosave));
        plan.trace = autosave.dir().filePath(autosave.completeBaseName() + QStringLiteral(".trace.json")).toStdString();
    }
    if (const auto error = results::validateSweepPlan(plan); !error.empty()) {
        fail(tr("Invalid sweep: %1").arg(fromStd(error)));
        return false;
    }
    m_autosavePath = fromStd(plan.autosave);

    m_planFile = std::make_unique<QTemporaryFile>(QDir::temp().filePath(QStringLiteral("graphlens-plan-XXXXXX.json")));
    if (!m_planFile->open() || m_planFile->write(QByteArray::fromStdString(results::toJson(plan).dump(2))) < 0 ||
        !m_planFile->flush()) {
        fail(tr("Cannot write the sweep plan %1: %2").arg(m_planFile->fileName(), m_planFile->errorString()));
        m_planFile.reset();
        return false;
    }
    m_planFile->close();

    m_process = new QProcess(this);
#ifdef Q_OS_UNIX
    m_process->setChildProcessModifier([] { platform::leadNewProcessGroup(); });  // runs between fork and exec
#endif
    connect(m_process, &QProcess::readyReadStandardOutput, this, &WorkerClient::readStandardOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, &WorkerClient::readStandardError);
    connect(m_process, &QProcess::finished, this,
            [this](int code, QProcess::ExitStatus status) { onProcessFinished(code, int(status)); });
    connect(m_process, &QProcess::errorOccurred, this,
            [this](QProcess::ProcessError error) { onProcessError(int(error)); });

    const QStringList arguments{QStringLiteral("worker"), QStringLiteral("--plan"), m_planFile->fileName()};
    qCInfo(lcUiWorker) << "starting" << m_executable << arguments;
    // started() only once the program really runs: a missing or unstartable executable is a
    // failure reported later through errorOccurred, and a caller must not act as if it ran.
    connect(m_process, &QProcess::started, this, [this] { emit started(m_autosavePath); });
    m_process->start(m_executable, arguments);
    if (m_process->state() != QProcess::NotRunning) m_lastPid = m_process->processId();
    return true;
}

void WorkerClient::cancel() {
    if (!isRunning()) return;
    m_cancelled = true;
    // Rows the worker already wrote are measured: take them before the kill.
    readStandardOutput();
    abandonProcess();  // returns at once; isRunning() is false from here on
    m_planFile.reset();  // read at the worker's start; nothing needs it after a cancel
    qCInfo(lcUiWorker) << "worker killed after" << m_rows << "rows";
    emit failed(tr("Sweep cancelled; %1").arg(rowsKept(m_rows)));
    emit finished(false);
}

void WorkerClient::readStandardOutput() {
    if (!m_process) return;
    m_process->setReadChannel(QProcess::StandardOutput);
    while (m_process->canReadLine()) handleLine(m_process->readLine());
}

void WorkerClient::readStandardError() {
    if (!m_process) return;
    // Library chatter (libtorch, CUDA) arrives here; it is worth seeing, never a protocol event.
    const auto text = QString::fromUtf8(m_process->readAllStandardError());
    const auto lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const auto& line : lines) emit logLine(line);
}

void WorkerClient::handleLine(const QByteArray& rawLine) {
    const QByteArray line = rawLine.trimmed();
    if (line.isEmpty()) return;
    std::string decodeError;
    const auto event = results::decodeWorkerEvent(line.toStdString(), &decodeError);
    if (!event) {
        if (line.startsWith('{')) {
            // Meant as an event but unreadable (cut short, not JSON, unknown event): worth a
            // warning that shows it, never the end of the run; the next line may be fine.
            emit warningReceived(tr("Ignored a malformed worker line (%1): %2")
                                     .arg(QString::fromStdString(decodeError), QString::fromUtf8(line)));
        } else {
            emit logLine(QString::fromUtf8(line));  // a stray print from a library, not an event
        }
        return;
    }
    try {
        const auto& fields = event->fields;
        switch (event->type) {
        case WorkerEventType::Hello:
            emit helloReceived(toQJson(fields));
            break;
        case WorkerEventType::Progress:
            emit progress(countField(fields, "done"), countField(fields, "total"),
                          fromStd(stringField(fields, "label")), numberField(fields, "eta_s"));
            break;
        case WorkerEventType::Measurement: {
            const auto row = results::measurementOf(*event);
            ++m_rows;
            emit measurementReceived(row);
            break;
        }
        case WorkerEventType::Log:
            emit logLine(fromStd(stringField(fields, "text")));
            break;
        case WorkerEventType::Warning:
            emit warningReceived(fromStd(stringField(fields, "text")));
            break;
        case WorkerEventType::Error:
            m_errors << fromStd(stringField(fields, "text"));
            emit logLine(tr("error: %1").arg(m_errors.back()));
            break;
        case WorkerEventType::Done: {
            m_doneSeen = true;
            const auto ok = fields.find("ok");
            m_doneOk = ok != fields.end() && ok->is_boolean() && ok->get<bool>();
            if (const auto env = fields.find("environment"); env != fields.end() && env->is_object()) {
                emit environmentReceived(toQJson(*env));
            }
            break;
        }
        }
    } catch (const std::exception& error) {
        // One malformed event must not end the run: say so and keep reading.
        emit warningReceived(tr("Ignored a malformed worker event (%1): %2").arg(QString::fromUtf8(error.what()),
                                                                                   QString::fromUtf8(line)));
    }
}

void WorkerClient::onProcessFinished(int exitCode, int exitStatus) {
    if (m_cancelled) return;  // cancel() has reported already
    m_planFile.reset();  // the run is over, however it ended (a crash included): no plan left in temp
    readStandardOutput();
    m_process->setReadChannel(QProcess::StandardOutput);
    if (const auto rest = m_process->readAll(); !rest.isEmpty()) handleLine(rest);  // no final newline
    readStandardError();

    const QString kept = rowsKept(m_rows);
    if (exitStatus == QProcess::CrashExit) {
        fail(tr("The worker crashed or was killed from outside; %1").arg(kept));
    } else if (exitCode != 0) {
        const QString why = m_errors.isEmpty() ? tr("the worker exited with code %1").arg(exitCode)
                                               : m_errors.join(QLatin1Char('\n'));
        fail(tr("%1 (exit code %2; %3)").arg(why).arg(exitCode).arg(kept));
    } else if (!m_errors.isEmpty() || (m_doneSeen && !m_doneOk)) {
        fail(m_errors.isEmpty() ? tr("The worker reported a failed run; %1").arg(kept)
                                : tr("%1 (%2)").arg(m_errors.join(QLatin1Char('\n')), kept));
    } else if (!m_doneSeen) {
        fail(tr("The worker exited without reporting the end of the sweep; %1").arg(kept));
    } else {
        qCInfo(lcUiWorker) << "sweep finished with" << m_rows << "rows";
        emit finished(true);
    }
}

void WorkerClient::onProcessError(int error) {
    // Only a failed start has no finished() signal of its own to follow.
    if (error != QProcess::FailedToStart || m_cancelled) return;
    m_planFile.reset();
    fail(tr("Cannot start the worker %1: %2").arg(m_executable, m_process->errorString()));
}

void WorkerClient::fail(const QString& message) {
    qCWarning(lcUiWorker) << message;
    emit failed(message);
    emit finished(false);
}

void WorkerClient::discardProcess() {
    if (!m_process) return;
    m_process->disconnect(this);
    m_process->deleteLater();
    m_process = nullptr;
}

}  // namespace graphlens::ui
