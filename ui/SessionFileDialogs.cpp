#include "ui/SessionFileDialogs.h"

#include "ui/ResultsArea.h"
#include "ui/SessionDocument.h"
#include "ui/SessionFiles.h"
#include "ui/WindowMessages.h"
#include "ui/charts/ChartExport.h"
#include "ui/session/ExampleSessions.h"
#include "ui/session/SaveInPlace.h"
#include "ui/session/SessionTrace.h"
#include "ui/timeline/TimelinePanel.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>

namespace graphlens::ui {
namespace {

// The path with `suffix` added when the user typed none.
QString withSuffix(QString path, const QString& suffix) {
    if (QFileInfo(path).suffix().isEmpty()) path += suffix;
    return path;
}

}  // namespace

SessionFileDialogs::SessionFileDialogs(SessionFiles* files, const SessionDocument* document,
                                       const ResultsArea* area, WindowMessages* messages, QWidget* window)
    : QObject(window),
      m_files(files),
      m_document(document),
      m_area(area),
      m_messages(messages),
      m_window(window) {}

void SessionFileDialogs::chooseAndOpen() {
    const auto path = QFileDialog::getOpenFileName(
        m_window, tr("Open results"), QFileInfo(m_document->file()).absolutePath(),
        tr("GraphLens results (*.json *.jsonl *.csv);;Session (*.json);;Autosave (*.jsonl);;CSV (*.csv)"));
    if (!path.isEmpty()) m_files->open(path);
}

void SessionFileDialogs::chooseAndOpenTrace() {
    const auto path =
        QFileDialog::getOpenFileName(m_window, tr("Open trace"), QFileInfo(m_document->file()).absolutePath(),
                                     tr("GraphLens trace (*.json);;All files (*)"));
    if (!path.isEmpty()) m_files->openTrace(path);
}

void SessionFileDialogs::save() {
    const QString file = m_document->file();
    if (!m_document->sweepRunning() && file.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        const QString why =
            whyNotSaveInPlace(file, exampleSessionsFolder(QCoreApplication::applicationDirPath()));
        if (why.isEmpty()) {
            m_files->save(file);
            return;
        }
        m_messages->status(why, 10000);  // then Save As: an example or read-only file is never overwritten
    }
    chooseAndSaveSession();  // a CSV, an autosave, a file not to overwrite or nothing yet: ask where
}

void SessionFileDialogs::chooseAndSaveSession() {
    const auto path =
        QFileDialog::getSaveFileName(m_window, tr("Save session"), QString(), tr("Session (*.json)"));
    if (!path.isEmpty()) m_files->save(withSuffix(path, QStringLiteral(".json")));
}

void SessionFileDialogs::chooseAndExportCsv() {
    const auto path = QFileDialog::getSaveFileName(m_window, tr("Export CSV"), QString(), tr("CSV (*.csv)"));
    if (!path.isEmpty()) m_files->exportCsv(withSuffix(path, QStringLiteral(".csv")));
}

void SessionFileDialogs::chooseAndExportReport() {
    QString filter;
    const auto path = QFileDialog::getSaveFileName(m_window, tr("Export report"), QString(),
                                                   tr("PDF (*.pdf);;Web page (*.html)"), &filter);
    if (path.isEmpty()) return;
    m_files->exportReport(withSuffix(
        path, filter.contains(QStringLiteral("html")) ? QStringLiteral(".html") : QStringLiteral(".pdf")));
}

void SessionFileDialogs::chooseAndExportCurrentChart() {
    auto* chart = m_area->currentChartView();
    if (!chart) return;
    QString filter;
    const auto path = QFileDialog::getSaveFileName(m_window, tr("Export chart"),
                                                   suggestedChartFileName(chart, QStringLiteral("png")),
                                                   tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty()) return;
    m_files->exportChart(withSuffix(
        path, filter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png")));
}

void SessionFileDialogs::chooseAndExportTrace() {
    const TimelinePanel* timeline = m_area->timeline();
    if (!timeline->hasTrace()) return;
    const QString file = m_document->file();
    const QString suggested =
        file.isEmpty() ? QFileInfo(timeline->traceFile()).fileName() : SessionTrace::pathBeside(file);
    const auto path = QFileDialog::getSaveFileName(m_window, tr("Export trace"), suggested,
                                                   tr("Chrome trace, opens in Perfetto (*.json)"));
    if (!path.isEmpty()) m_files->exportTrace(withSuffix(path, QStringLiteral(".json")));
}

}  // namespace graphlens::ui
