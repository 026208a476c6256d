#pragma once
// Compare the session shown with a baseline session: File ▸ Set as Baseline (the session shown
// becomes the baseline), File ▸ Compare with Baseline… (a results file becomes the baseline),
// Clear Baseline. While a baseline is set the table shows the delta columns (next to the median),
// the charts get a "vs baseline" tab and the status bar names the baseline with a Clear button.
// Baseline files load through results::readAnyResultsFile, as MainWindow::openFile does.
#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QMenu;
class QTableView;
class QTabWidget;

namespace graphlens::ui {

class Baseline;
class BaselineDeltaProxy;
class BaselineRatioChartView;
class BaselineStatusWidget;
class MainWindow;

class BaselineController : public QObject {
    Q_OBJECT
public:
    // deltas: the proxy between the window's model and its table; charts: where the tab goes.
    BaselineController(MainWindow* window, BaselineDeltaProxy* deltas, QTabWidget* charts, QTableView* table);
    ~BaselineController() override;

    void addActionsTo(QMenu* menu);

    void setShownSessionAsBaseline();
    // False after a non-modal error naming the file; the baseline in use stays as it was.
    bool compareWithFile(const QString& path);
    void clearBaseline();

    const Baseline* baseline() const { return m_baseline; }
    BaselineDeltaProxy* deltas() const { return m_deltas; }
    BaselineRatioChartView* ratioChart() const;
    BaselineStatusWidget* statusWidget() const { return m_status; }
    QString lastError() const { return m_lastError; }

private:
    void chooseAndCompare();
    void onBaselineChanged();
    void placeDeltaColumns();
    void updateActions();

    MainWindow* m_window = nullptr;
    Baseline* m_baseline = nullptr;
    BaselineDeltaProxy* m_deltas = nullptr;
    QTabWidget* m_charts = nullptr;
    QTableView* m_table = nullptr;
    QPointer<BaselineRatioChartView> m_ratioChart;  // owned by the tab widget while its tab is shown
    BaselineStatusWidget* m_status = nullptr;
    QAction* m_setAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_clearAction = nullptr;
    QString m_lastError;
};

}  // namespace graphlens::ui
