#pragma once
// The File menu's questions: where to open from or save to, suggesting a name and adding the suffix
// of the filter chosen when none was typed, then SessionFiles does the work. Save writes over the
// session file shown only when it may (SaveInPlace); otherwise it asks, as Save As does.
#include <QObject>

class QWidget;

namespace graphlens::ui {

class ResultsArea;
class SessionDocument;
class SessionFiles;
class WindowMessages;

class SessionFileDialogs : public QObject {
    Q_OBJECT
public:
    // window: this object's parent and the dialogs'.
    SessionFileDialogs(SessionFiles* files, const SessionDocument* document, const ResultsArea* area,
                       WindowMessages* messages, QWidget* window);

    void chooseAndOpen();
    void chooseAndOpenTrace();
    void save();  // to the current session file when it is one and may be overwritten, else as Save As
    void chooseAndSaveSession();
    void chooseAndExportCsv();
    void chooseAndExportReport();
    void chooseAndExportCurrentChart();
    void chooseAndExportTrace();

private:
    SessionFiles* m_files;
    const SessionDocument* m_document;
    const ResultsArea* m_area;
    WindowMessages* m_messages;
    QWidget* m_window;
};

}  // namespace graphlens::ui
