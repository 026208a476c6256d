#pragma once
// Compare the session shown with a baseline session, as the README describes it: File ▸ Set as
// Baseline (the session shown becomes the baseline), File ▸ Compare with Baseline… (another results
// file is opened as the session shown, against the baseline, which stays), Clear Baseline. Opening
// any file keeps the baseline too. While a baseline is set the table shows the delta columns (next
// to the median; "now" is always the session shown), the charts get a "vs baseline" tab and the
// status widget names the baseline with a Clear button.
//
// Between the machines of one merged session: File ▸ Set GPU as Baseline ▸ <GPU> takes that GPU's
// rows of the session shown as the baseline (hosts or drivers instead while the charts are drawn
// Series by host or driver); the other machines' rows then read against it in the same delta
// columns and "vs baseline" chart, drawn a series per machine.
#include "ui/session/ShownSession.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QMenu;
class QTableView;
class QTabWidget;
class QWidget;

namespace graphlens::ui {

class Baseline;
class BaselineDeltaProxy;
class BaselineRatioChartView;
class BaselineStatusWidget;
class SeriesBySelector;

class BaselineController : public QObject {
    Q_OBJECT
public:
    // deltas: the proxy between the shown model and its table; charts: where the tab goes;
    // window: parent of this controller and of its file dialog. The window puts statusWidget() in
    // its status bar and shows statusMessage().
    BaselineController(ShownSession shown, BaselineDeltaProxy* deltas, QTabWidget* charts, QTableView* table,
                       QWidget* window);
    ~BaselineController() override;

    void addActionsTo(QMenu* menu);

    void setShownSessionAsBaseline();
    // The "Series by" choice of the charts: which machines the session shown holds, how they are named.
    void setMachineSource(SeriesBySelector* seriesBy);
    // The rows of one machine of the session shown (as SeriesBySelector names it: "H200 · GPU-1a2b",
    // "node-a") become the baseline; the charts are then drawn a series per machine (GPU when they
    // were by family). False when no row is that machine's.
    bool setMachineAsBaseline(const QString& machine);
    // The machines Set … as Baseline offers, and what kind they are (GPU unless Series by says host or driver).
    QStringList baselineMachines() const;
    QMenu* machineMenu() const { return m_machineMenu; }
    // Opens `path` as the session shown, compared with the baseline set. False when no baseline is
    // set (lastError() says so) or the file cannot be opened (the window has said why); the session
    // shown and the baseline then stay as they were.
    bool compareWithFile(const QString& path);
    void clearBaseline();
    // Opening files is not allowed (a sweep is running): Compare with Baseline… follows File ▸ Open.
    void setOpenAllowed(bool allowed);

    const Baseline* baseline() const { return m_baseline; }
    BaselineDeltaProxy* deltas() const { return m_deltas; }
    BaselineRatioChartView* ratioChart() const;
    BaselineStatusWidget* statusWidget() const;
    QString lastError() const { return m_lastError; }

signals:
    void statusMessage(const QString& text, int timeoutMs);

private:
    void chooseAndCompare();
    void onBaselineChanged();
    void placeDeltaColumns();
    void updateActions();
    void fillMachineMenu();

    ShownSession m_shown;
    QWidget* m_window = nullptr;
    Baseline* m_baseline = nullptr;
    BaselineDeltaProxy* m_deltas = nullptr;
    QTabWidget* m_charts = nullptr;
    QTableView* m_table = nullptr;
    QPointer<BaselineRatioChartView> m_ratioChart;  // owned by the tab widget while its tab is shown
    QPointer<BaselineStatusWidget> m_status;  // parentless until the window's status bar takes it
    QAction* m_setAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_clearAction = nullptr;
    QMenu* m_machineMenu = nullptr;
    SeriesBySelector* m_seriesBy = nullptr;
    bool m_openAllowed = true;
    QString m_lastError;
};

}  // namespace graphlens::ui
