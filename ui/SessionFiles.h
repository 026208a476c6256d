#pragma once
// The session's files, without dialogs: opening a results file (with the trace beside it), saving
// the session (with the trace shown), exporting CSV, the report, the current chart or the trace.
// Each returns false after telling the user why (WindowMessages, naming the file); what is shown
// then stays as it was, and no partial file is left.
#include <QJsonObject>
#include <QObject>
#include <QString>

namespace graphlens::ui {

class MeasurementTableModel;
class ResultsArea;
class SessionDocument;
class WindowMessages;

class SessionFiles : public QObject {
    Q_OBJECT
public:
    SessionFiles(SessionDocument* document, MeasurementTableModel* model, ResultsArea* area,
                 WindowMessages* messages, QObject* parent);

    // A results file (session, autosave, CSV) as the session shown, or a trace into the Timeline tab.
    bool open(const QString& path);
    // With a trace in the Timeline tab, writes it beside the session first: when it cannot be
    // written, neither is the session.
    bool save(const QString& path);
    bool exportCsv(const QString& path);
    bool exportReport(const QString& path);  // .pdf or .html by suffix
    bool exportChart(const QString& path);   // the current tab's chart, .png or .svg by suffix
    bool openTrace(const QString& path);
    bool exportTrace(const QString& path);
    // The one rule: results <folder>/<name>.<suffix> come with the trace <folder>/<name>.trace.json.
    // Without one the timeline is cleared (a trace shown before belongs to another session) and says
    // `whyNone` (TimelineAbsence).
    void loadTraceBeside(const QString& resultsPath, const QString& whyNone = {});

signals:
    void environmentRead(const QJsonObject& environment);  // a file opened with an environment block
    void environmentSummaryRead(const QString& summary);   // one without: what its rows say, in words
    void timelineChanged();                                // a trace was loaded or the timeline cleared

private:
    void showEnvironmentOfOpened();
    void showOpenedTrace(const QString& path);

    SessionDocument* m_document;
    MeasurementTableModel* m_model;
    ResultsArea* m_area;
    WindowMessages* m_messages;
};

}  // namespace graphlens::ui
