#pragma once
// The window's menus: File (open, save, export, the baseline's actions, quit), Sweep (run,
// cancel), View (the docks, the theme) and Help. Each action only asks (a signal named for the
// request); the window decides what follows. The actions with a shortcut are also the window's own,
// so the shortcut works whichever child has focus (WindowShortcutFilter keeps a text field from
// taking the key first).
#include "ui/Theme.h"

#include <QList>
#include <QObject>

class QAction;
class QKeySequence;
class QMainWindow;
class QMenu;

namespace graphlens::ui {

class BaselineController;
class ThemeMenu;

class WindowActions : public QObject {
    Q_OBJECT
public:
    // Fills the menu bar of `window` (this object's parent); call once its docks exist (View lists them).
    WindowActions(QMainWindow* window, BaselineController* baseline);

    // A sweep runs: nothing may be opened or run, and Cancel (Esc) is the window's.
    void setSweepRunning(bool running);
    void setChartExportable(bool exportable);         // the current tab shows a chart with rows
    void setTraceExportable(bool exportable);         // the Timeline tab holds a trace
    void showTheme(graphlens::ui::ColorTheme theme);  // checked in View ▸ Theme
    QList<QAction*> shortcutActions() const;          // those whose shortcut beats a focused text field

signals:
    void openRequested();
    void openTraceRequested();
    void saveRequested();
    void saveAsRequested();
    void exportCsvRequested();
    void exportReportRequested();
    void exportChartRequested();
    void exportTraceRequested();
    void runRequested();
    void cancelRequested();
    void themeChosen(graphlens::ui::ColorTheme theme);
    void aboutRunRequested();

private:
    void createFileMenu(QMenu* file);
    void createSweepMenu(QMenu* sweep);
    void createViewMenu(QMenu* view);
    void createHelpMenu(QMenu* help);
    QAction* windowAction(QAction* action, const char* name, const QKeySequence& key);

    QMainWindow* m_window;
    BaselineController* m_baseline;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_exportCsv = nullptr;
    QAction* m_exportReport = nullptr;
    QAction* m_exportChart = nullptr;
    QAction* m_exportTrace = nullptr;
    QAction* m_run = nullptr;
    QAction* m_cancel = nullptr;
    ThemeMenu* m_themes = nullptr;
};

}  // namespace graphlens::ui
