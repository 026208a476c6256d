#pragma once
// The GraphLens window: a results table and charts in the middle (ResultsArea), the sweep panel and
// the log as docks, the menus (WindowActions). Wires its parts together and holds no view data of
// its own: the rows live in MeasurementTableModel, the rest of the session in SessionDocument, and
// the file and sweep flows are SessionFiles' and SweepRun's.
#include "results/Session.h"
#include "results/SweepPlan.h"
#include "ui/Theme.h"
#include "ui/session/ShownSession.h"

#include <QMainWindow>

class QChartView;
class QCloseEvent;
class QJsonObject;
class QLabel;
class QSettings;
class QTableView;

namespace graphlens::ui {

class AboutRunDialog;
class BaselineController;
class EnvironmentStatus;
class MeasurementFilterBar;
class MeasurementFilterModel;
class MeasurementTableModel;
class ResultsArea;
class RunLog;
class SessionDocument;
class SessionFileDialogs;
class SessionFiles;
class SpeedupChartView;
class StepTimeChartView;
class SummaryCardWidget;
class SweepPanel;
class SweepRun;
class TimelinePanel;
class WhyNotGraphedPanel;
class WindowActions;
class WindowMessages;
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
    SpeedupChartView* speedupChart() const;
    StepTimeChartView* stepTimeChart() const;
    SweepPanel* sweepPanel() const { return m_sweepPanel; }
    SummaryCardWidget* summaryCard() const;
    BaselineController* baseline() const { return m_baseline; }  // File ▸ Set as Baseline, the delta columns
    // The session shown and openFile(), for helpers that must not reach the rest of the window.
    ShownSession shownSession();
    TimelinePanel* timelinePanel() const;
    // "Why not graphed" beside the table: the refused graphed row selected (hidden without one in the session).
    WhyNotGraphedPanel* whyNotGraphedPanel() const;
    WorkerClient* worker() const { return m_worker; }
    QString currentFile() const;
    QString lastError() const;
    QString environmentText() const;
    // The first-run text shown in place of the charts while the table has no rows.
    QLabel* emptyStateLabel() const;
    // The results table, its sort/filter proxy (what the table view shows) and the filter bar above it.
    QTableView* table() const;
    MeasurementFilterModel* tableProxy() const;
    MeasurementFilterBar* filterBar() const;
    // The rows selected in the table, mapped through its proxies to the model's rows.
    std::vector<graphlens::results::Measurement> selectedMeasurements() const;

signals:
    // The table's selection changed (empty: nothing selected, or the rows were replaced); the charts
    // highlight these rows' points.
    void selectedMeasurementsChanged(const std::vector<graphlens::results::Measurement>& rows);

protected:
    void closeEvent(QCloseEvent* event) override;  // kills a running worker, never waits for it

private:
    void createDocks();
    void createStatusBar();
    void connectActions();
    void connectSessionFlows();
    void setEnvironment(const QJsonObject& helloOrEnvironment);
    void showCurrentFile(const QString& path);
    void updateTitle();
    void updateEmptyState();
    void updateExportChartAction();  // enabled while the current tab shows a chart with rows
    void showAboutRun();

    MeasurementTableModel* m_model = nullptr;
    QSettings* m_settings = nullptr;
    WorkerClient* m_worker = nullptr;
    SessionDocument* m_document = nullptr;  // plan and environment of what is shown; rows are in m_model
    ResultsArea* m_area = nullptr;
    RunLog* m_log = nullptr;
    WindowMessages* m_messages = nullptr;
    SessionFiles* m_files = nullptr;
    SessionFileDialogs* m_dialogs = nullptr;
    SweepPanel* m_sweepPanel = nullptr;
    SweepRun* m_run = nullptr;
    EnvironmentStatus* m_environmentLabel = nullptr;
    QLabel* m_fileLabel = nullptr;
    BaselineController* m_baseline = nullptr;
    WindowActions* m_actions = nullptr;
    AboutRunDialog* m_aboutRun = nullptr;  // Help ▸ About This Run, made on first use
};

}  // namespace graphlens::ui
