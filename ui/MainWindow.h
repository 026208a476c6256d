#pragma once
// The GraphLens window: a results table and charts in the middle, the sweep panel and the log as
// docks. Wires the model, the views and the worker; holds no view data of its own beyond the
// session's plan and environment (the rows live in MeasurementTableModel).
#include "results/Session.h"
#include "results/SweepPlan.h"
#include "ui/Theme.h"
#include "ui/session/ShownSession.h"

#include <QMainWindow>

class QAction;
class QActionGroup;
class QChartView;
class QCloseEvent;
class QEvent;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QSettings;
class QStackedWidget;
class QTableView;
class QTabWidget;

namespace graphlens::ui {

class AboutRunDialog;
class BaselineController;
class MeasurementFilterBar;
class MeasurementFilterModel;
class MeasurementTableModel;
class SpeedupChartView;
class StepTimeChartView;
class SummaryCardWidget;
class SweepPanel;
class TimelinePanel;
class WorkerClient;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // settings: where the sweep panel's last plan persists; nullptr: the application's own
    // (QSettings in the default format, organisation "GraphLens", the application's name).
    explicit MainWindow(QWidget* parent = nullptr, QSettings* settings = nullptr);
    ~MainWindow() override;

    // Each returns false after showing (non-modally) an error that names the file; on failure the
    // rows on screen stay as they were.
    bool openFile(const QString& path);
    // With a trace in the Timeline tab, also writes it beside the session as <name>.trace.json (the
    // trace first: when it cannot be written, neither is the session), so the session reopens with it.
    bool saveSession(const QString& path);
    bool exportCsv(const QString& path);
    // The stakeholder report of what is shown (.pdf or .html by suffix); false after an error message.
    bool exportReport(const QString& path);
    // The chart of the current tab as .png (at twice the screen's density) or .svg by suffix; false
    // after an error naming the file (no chart in the tab, unwritable path), leaving no file.
    bool exportChart(const QString& path);
    // The chart in the current tab, or nullptr (the Timeline tab, or no rows yet).
    QChartView* currentChartView() const;
    // View ▸ Theme: applies it to the whole application; `remember` keeps it in the settings for
    // the next start (the command line's --theme does not).
    void setTheme(graphlens::ui::ColorTheme theme, bool remember = true);
    // A Chrome trace of profiled steps (graphlens-cli sweep --trace) into the Timeline tab; false
    // after an error naming the file, the timeline shown staying as it was.
    bool openTraceFile(const QString& path);
    // File ▸ Export Trace…: the trace shown in the Timeline tab, copied as Chrome trace JSON (written
    // to a temporary file and renamed); false after an error naming the file, leaving none.
    bool exportTrace(const QString& path);

    void startSweep(const graphlens::results::SweepPlan& plan);

    MeasurementTableModel* model() const { return m_model; }
    SpeedupChartView* speedupChart() const { return m_speedupChart; }
    StepTimeChartView* stepTimeChart() const { return m_stepTimeChart; }
    SweepPanel* sweepPanel() const { return m_sweepPanel; }
    SummaryCardWidget* summaryCard() const { return m_summaryCard; }
    BaselineController* baseline() const { return m_baseline; }  // File ▸ Set as Baseline, the delta columns
    // The session shown and openFile(), for helpers that must not reach the rest of the window.
    ShownSession shownSession();
    TimelinePanel* timelinePanel() const { return m_timeline; }
    WorkerClient* worker() const { return m_worker; }
    QString currentFile() const { return m_currentFile; }
    QString lastError() const { return m_lastError; }
    QString environmentText() const;
    // The first-run text shown in place of the charts while the table has no rows.
    QLabel* emptyStateLabel() const { return m_emptyState; }
    // The results table, its sort/filter proxy (what the table view shows) and the filter bar above it.
    QTableView* table() const { return m_table; }
    MeasurementFilterModel* tableProxy() const { return m_tableProxy; }
    MeasurementFilterBar* filterBar() const { return m_filterBar; }
    // The rows selected in the table, mapped through its proxies to the model's rows.
    std::vector<graphlens::results::Measurement> selectedMeasurements() const;

signals:
    // The table's selection changed (empty: nothing selected, or the rows were replaced); the charts
    // highlight these rows' points.
    void selectedMeasurementsChanged(const std::vector<graphlens::results::Measurement>& rows);

protected:
    // Window shortcuts (save, export, open, run, cancel) win over a focused text field, which
    // would otherwise take Ctrl+E, Ctrl+S… for itself through ShortcutOverride.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;  // kills a running worker, never waits for it

private:
    void createActions();
    void createDocks();
    void connectWorker();
    void showError(const QString& title, const QString& detail);
    void appendLog(const QString& line);
    void setCurrentFile(const QString& path);
    void setEnvironment(const QJsonObject& helloOrEnvironment);
    void updateTitle();
    void chooseAndOpen();
    void chooseAndOpenTrace();
    // whyNone: the Timeline's empty state when there is no trace beside (TimelineAbsence).
    void loadTraceBeside(const QString& resultsPath, const QString& whyNone = {});
    void showOpenedTrace(const QString& path);
    void chooseAndSaveSession();
    void save();  // to the current session file when it is one, otherwise as chooseAndSaveSession
    void updateEnvironmentLabel();
    void updateEmptyState();
    void chooseAndExportCsv();
    void chooseAndExportReport();
    void chooseAndExportCurrentChart();
    void chooseAndExportTrace();
    void updateExportChartAction();  // enabled while the current tab shows a chart with rows
    void createThemeMenu(QMenu* menu);

    MeasurementTableModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    MeasurementFilterModel* m_tableProxy = nullptr;
    MeasurementFilterBar* m_filterBar = nullptr;
    QTabWidget* m_charts = nullptr;
    QStackedWidget* m_chartArea = nullptr;  // the empty state or the charts
    QLabel* m_emptyState = nullptr;
    QSettings* m_settings = nullptr;
    bool m_lacksCuda = false;  // the worker's or the file's environment says no CUDA device
    SpeedupChartView* m_speedupChart = nullptr;
    StepTimeChartView* m_stepTimeChart = nullptr;
    SweepPanel* m_sweepPanel = nullptr;
    WorkerClient* m_worker = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QLabel* m_environmentLabel = nullptr;
    QLabel* m_fileLabel = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_reportAction = nullptr;
    QAction* m_exportChartAction = nullptr;
    QAction* m_exportTraceAction = nullptr;  // enabled while the Timeline tab holds a trace
    QActionGroup* m_themeActions = nullptr;  // View ▸ Theme: System, Light, Dark (data: themeKey)
    SummaryCardWidget* m_summaryCard = nullptr;
    BaselineController* m_baseline = nullptr;
    TimelinePanel* m_timeline = nullptr;  // the Timeline tab: reads a trace file, not the rows
    AboutRunDialog* m_aboutRun = nullptr;  // Help ▸ About This Run, made on first use
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QString m_environmentSummary;  // from the hello or the file; the label adds the rows' precision

    results::SweepPlan m_pendingPlan;  // the plan of the run being started
    results::Session m_session;  // plan and environment of what is shown; rows are in m_model
    QString m_currentFile;
    QString m_lastError;
    bool m_sweepRunning = false;
};

}  // namespace graphlens::ui
