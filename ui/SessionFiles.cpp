#include "ui/SessionFiles.h"

#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "ui/FilePath.h"
#include "ui/ResultsArea.h"
#include "ui/SessionDocument.h"
#include "ui/WindowMessages.h"
#include "ui/charts/ChartExport.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/SeriesBySelector.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/EnvironmentSummary.h"
#include "ui/report/ReportWriter.h"
#include "ui/session/SessionTrace.h"
#include "ui/timeline/TimelineAbsence.h"
#include "ui/timeline/TimelinePanel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace graphlens::ui {
namespace {

QJsonObject toQJson(const nlohmann::json& object) {
    return object.is_object() ? QJsonDocument::fromJson(QByteArray::fromStdString(object.dump())).object()
                              : QJsonObject{};
}

QString shown(const QString& path) {
    return QDir::toNativeSeparators(path);
}

// A plan that does not say (an older session, a CSV) is taken as profiled: a trace may be beside it.
bool planAskedForProfile(const nlohmann::json& plan) {
    const auto profile = plan.is_object() ? plan.find("profile") : plan.end();
    return profile == plan.end() || !profile->is_boolean() || profile->get<bool>();
}

}  // namespace

SessionFiles::SessionFiles(SessionDocument* document, MeasurementTableModel* model, ResultsArea* area,
                           WindowMessages* messages, QObject* parent)
    : QObject(parent), m_document(document), m_model(model), m_area(area), m_messages(messages) {}

bool SessionFiles::open(const QString& path) {
    try {
        auto session = results::readAnyResultsFile(toPath(path));
        auto rows = std::move(session.rows);
        m_document->replace(std::move(session));
        m_model->resetData(std::move(rows));
        // Rows saved before the sweep predicted (an autosave, a session of an older build): predicted
        // here when the environment holds the device's calibration; predicted rows stay as saved.
        m_model->predictFrom(m_document->info().environment);
        showEnvironmentOfOpened();
        m_document->setFile(path);
        m_messages->log(tr("Opened %1: %2 rows").arg(shown(path)).arg(m_model->rowCount()));
        const auto& info = m_document->info();
        loadTraceBeside(path, whyNoTimeline({/*running=*/false, planAskedForProfile(info.plan),
                                             environmentLacksCuda(toQJson(info.environment))}));
        return true;
    } catch (const std::exception& error) {
        // A trace picked with Open… (or given on the command line) opens in the Timeline tab.
        if (QString traceError; m_area->timeline()->loadTraceFile(path, &traceError)) {
            showOpenedTrace(path);
            return true;
        }
        m_messages->error(tr("Cannot open %1").arg(shown(path)), QString::fromUtf8(error.what()));
        return false;
    }
}

void SessionFiles::showEnvironmentOfOpened() {
    if (!m_document->info().environment.empty()) {
        emit environmentRead(toQJson(m_document->info().environment));
    } else if (!m_model->rows().empty() && !m_model->rows().front().device.empty()) {
        // CSV and autosave files carry no environment block, but every row names its device.
        emit environmentSummaryRead(
            tr("Measured on %1").arg(QString::fromStdString(m_model->rows().front().device)));
    } else {
        emit environmentSummaryRead(tr("Environment not recorded in this file"));
    }
}

bool SessionFiles::save(const QString& path) {
    results::Session session = m_document->withRows();
    if (session.session_id.empty()) {
        session.session_id = session.rows.empty() ? results::newSessionId() : session.rows.front().session_id;
    }
    if (session.created.empty()) session.created = results::utcTimestampNow();
    // The trace first: a session saved without the trace it was shown with would reopen without it.
    const TimelinePanel* timeline = m_area->timeline();
    const QString trace = SessionTrace::pathBeside(path);
    const bool traceWasThere = QFileInfo::exists(trace);
    if (timeline->hasTrace()) {
        if (QString error; !SessionTrace::copy(timeline->traceFile(), trace, &error)) {
            m_messages->error(tr("Cannot save %1").arg(shown(trace)), error);
            return false;
        }
    }
    try {
        results::writeSession(toPath(path), session);
    } catch (const std::exception& error) {
        // Leave nothing new behind: a lone trace would be opened with the next session of that name.
        if (timeline->hasTrace() && !traceWasThere) QFile::remove(trace);
        m_messages->error(tr("Cannot save %1").arg(shown(path)), QString::fromUtf8(error.what()));
        return false;
    }
    m_document->keepSavedIdentity(session);
    m_document->setFile(path);
    m_messages->log(timeline->hasTrace()
                        ? tr("Saved session %1 with its trace %2").arg(shown(path), shown(trace))
                        : tr("Saved session %1").arg(shown(path)));
    return true;
}

bool SessionFiles::exportCsv(const QString& path) {
    try {
        results::writeCsv(toPath(path), m_model->rows());
    } catch (const std::exception& error) {
        m_messages->error(tr("Cannot export %1").arg(shown(path)), QString::fromUtf8(error.what()));
        return false;
    }
    m_messages->log(tr("Exported %1 rows to %2").arg(m_model->rowCount()).arg(shown(path)));
    return true;
}

bool SessionFiles::exportReport(const QString& path) {
    QString error;
    // The Timeline tab's trace goes in as the report's step timeline page (none: no such page).
    // The charts grouped as the window draws them (Series by): what is exported is what is seen.
    if (!writeReport(path, m_document->withRows(), m_area->timeline()->trace(), m_area->charts()->seriesBy()->grouping(),
                     &error)) {
        m_messages->error(tr("Cannot export %1").arg(shown(path)), error);
        return false;
    }
    m_messages->log(tr("Wrote report %1").arg(shown(path)));
    return true;
}

bool SessionFiles::exportChart(const QString& path) {
    auto* chart = m_area->currentChartView();
    QString error;
    if (!chart) {
        m_messages->error(tr("Cannot export %1").arg(shown(path)), tr("the current tab shows no chart"));
        return false;
    }
    if (!graphlens::ui::exportChart(chart, path, &error)) {
        m_messages->error(tr("Cannot export %1").arg(shown(path)), error);
        return false;
    }
    const auto* charts = m_area->charts();
    m_messages->log(
        tr("Exported the %1 chart to %2").arg(charts->tabText(charts->currentIndex()), shown(path)));
    return true;
}

bool SessionFiles::openTrace(const QString& path) {
    QString error;
    if (!m_area->timeline()->loadTraceFile(path, &error)) {
        m_messages->error(tr("Cannot open %1").arg(shown(path)), error);
        return false;
    }
    showOpenedTrace(path);
    return true;
}

void SessionFiles::showOpenedTrace(const QString& path) {
    m_messages->log(tr("Opened trace %1").arg(shown(path)));
    emit timelineChanged();
    m_area->charts()->setCurrentWidget(m_area->timeline());
}

bool SessionFiles::exportTrace(const QString& path) {
    const TimelinePanel* timeline = m_area->timeline();
    QString error;
    if (!timeline->hasTrace()) {
        m_messages->error(tr("Cannot export %1").arg(shown(path)),
                          tr("no trace is loaded (File ▸ Open Trace…)"));
        return false;
    }
    if (!SessionTrace::copy(timeline->traceFile(), path, &error)) {
        m_messages->error(tr("Cannot export %1").arg(shown(path)), error);
        return false;
    }
    m_messages->log(tr("Exported the trace to %1").arg(shown(path)));
    return true;
}

// session.json and session.trace.json, as `--json session.json --trace session.trace.json` writes them.
void SessionFiles::loadTraceBeside(const QString& resultsPath, const QString& whyNone) {
    TimelinePanel* timeline = m_area->timeline();
    const QString trace = SessionTrace::pathBeside(resultsPath);
    QString error;
    if (!QFileInfo::exists(trace)) {
        timeline->clear(whyNone);
    } else if (timeline->loadTraceFile(trace, &error)) {
        m_messages->log(tr("Opened trace %1").arg(shown(trace)));
    } else {
        timeline->clear();
        m_messages->log(tr("warning: %1").arg(error));  // the session itself opened: no message box
        m_messages->status(error, 10000);
    }
    emit timelineChanged();
}

}  // namespace graphlens::ui
