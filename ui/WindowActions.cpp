#include "ui/WindowActions.h"

#include "ui/ThemeMenu.h"
#include "ui/session/BaselineController.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

namespace graphlens::ui {

WindowActions::WindowActions(QMainWindow* window, BaselineController* baseline)
    : QObject(window), m_window(window), m_baseline(baseline) {
    createFileMenu(window->menuBar()->addMenu(tr("&File")));
    createSweepMenu(window->menuBar()->addMenu(tr("&Sweep")));
    createViewMenu(window->menuBar()->addMenu(tr("&View")));
    createHelpMenu(window->menuBar()->addMenu(tr("&Help")));
}

QAction* WindowActions::windowAction(QAction* action, const char* name, const QKeySequence& key) {
    action->setObjectName(QLatin1String(name));
    action->setShortcut(key);
    action->setShortcutContext(Qt::WindowShortcut);
    m_window->addAction(action);
    return action;
}

void WindowActions::createFileMenu(QMenu* file) {
    m_open = windowAction(file->addAction(tr("&Open…"), this, &WindowActions::openRequested), "actionOpen",
                          QKeySequence(Qt::CTRL | Qt::Key_O));
    file->addAction(tr("Open &Trace…"), this, &WindowActions::openTraceRequested)
        ->setObjectName(QStringLiteral("actionOpenTrace"));
    m_save = windowAction(file->addAction(tr("&Save Session"), this, &WindowActions::saveRequested),
                          "actionSave", QKeySequence(Qt::CTRL | Qt::Key_S));
    m_saveAs = windowAction(file->addAction(tr("Save Session &As…"), this, &WindowActions::saveAsRequested),
                            "actionSaveAs", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_exportCsv = windowAction(file->addAction(tr("&Export CSV…"), this, &WindowActions::exportCsvRequested),
                               "actionExportCsv", QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportReport =
        windowAction(file->addAction(tr("Export &Report…"), this, &WindowActions::exportReportRequested),
                     "actionExportReport", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportChart = file->addAction(tr("Export C&hart…"), this, &WindowActions::exportChartRequested);
    m_exportChart->setObjectName(QStringLiteral("actionExportChart"));
    m_exportChart->setToolTip(tr("Save the chart of the current tab as a PNG or SVG image"));
    m_exportTrace = file->addAction(tr("Export Tra&ce…"), this, &WindowActions::exportTraceRequested);
    m_exportTrace->setObjectName(QStringLiteral("actionExportTrace"));
    m_exportTrace->setToolTip(tr("Save the profiled steps shown in the Timeline tab as Chrome trace JSON"));
    m_exportTrace->setEnabled(false);
    file->addSeparator();
    m_baseline->addActionsTo(file);
    connect(m_open, &QAction::enabledChanged, m_baseline,
            &BaselineController::setOpenAllowed);  // not mid-sweep
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), m_window, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void WindowActions::createSweepMenu(QMenu* sweep) {
    m_run = windowAction(sweep->addAction(tr("&Run"), this, &WindowActions::runRequested), "actionRun",
                         QKeySequence(Qt::CTRL | Qt::Key_R));
    m_cancel = windowAction(sweep->addAction(tr("&Cancel"), this, &WindowActions::cancelRequested),
                            "actionCancel", QKeySequence(Qt::Key_Escape));
    m_cancel->setEnabled(false);  // only while a sweep runs: Esc stays the widgets' otherwise
}

void WindowActions::createViewMenu(QMenu* view) {
    const auto docks = m_window->findChildren<QDockWidget*>();
    for (auto* dock : docks) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    m_themes = new ThemeMenu(view);
    view->addMenu(m_themes);
    connect(m_themes, &ThemeMenu::themeChosen, this, &WindowActions::themeChosen);
}

void WindowActions::createHelpMenu(QMenu* help) {
    help->addAction(tr("About This &Run…"), this, &WindowActions::aboutRunRequested)
        ->setObjectName(QStringLiteral("actionAboutRun"));
    help->addAction(tr("&About GraphLens"), this, [this] {
        QMessageBox::about(m_window, tr("About GraphLens"),
                           tr("<b>GraphLens %1</b><p>What CUDA graphs buy for vision models, and why.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void WindowActions::setSweepRunning(bool running) {
    m_open->setEnabled(!running);  // opening a file mid-sweep would mix two sessions
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
}

void WindowActions::setChartExportable(bool exportable) {
    m_exportChart->setEnabled(exportable);
}

void WindowActions::setTraceExportable(bool exportable) {
    m_exportTrace->setEnabled(exportable);
}

void WindowActions::showTheme(ColorTheme theme) {
    m_themes->showChecked(theme);
}

QList<QAction*> WindowActions::shortcutActions() const {
    return {m_open, m_save, m_saveAs, m_exportCsv, m_exportReport, m_run, m_cancel};
}

}  // namespace graphlens::ui
