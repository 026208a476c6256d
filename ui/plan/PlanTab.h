#pragma once
// The "Plan" tab: which batch sizes to capture as CUDA graphs for a request mix under a VRAM budget,
// planned by core/planning from the timed inference rows of the session shown. Load a mix, choose the
// objective and the budget (and the family and precision when the session holds several); every
// change plans again and shows the chosen sizes with their expected figures, the baselines, and the
// best mean latency each budget buys. Nothing here is measured: the captions say the figures are a
// prediction from the session's medians, to check with `graphlens-cli replay-mix`.
#include "results/Measurement.h"

#include <QWidget>
#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <memory>
#include <vector>

class QAbstractItemModel;
class QComboBox;
class QLabel;
class QSlider;
class QStackedWidget;
class QTableView;

namespace graphlens::planning {
enum class Objective;  // only declared: moc cannot parse the <compare> of core/planning's headers
}

namespace graphlens::ui {

class BaselineTableModel;
class PlanControls;
class PlanCurveChart;
class PlanFiguresForm;
class RedrawSchedule;
struct PlanOutcome;
struct SessionCosts;

class PlanTab : public QWidget {
    Q_OBJECT
public:
    explicit PlanTab(QWidget* parent = nullptr);
    ~PlanTab() override;

    // Where the session's rows and environment are read (never copied: a sweep streams thousands of rows).
    using RowSource = std::function<const std::vector<results::Measurement>&()>;
    using EnvironmentSource = std::function<const nlohmann::json&()>;
    void setSessionSource(RowSource rows, EnvironmentSource environment);
    // The rows' model: a reset plans again at once; streamed rows at most once per redraw interval,
    // and only while the tab is shown (RedrawSchedule).
    void follow(const QAbstractItemModel* rows);
    void sessionChanged();  // the environment changed (say, pooled-capture increments): plan again when shown
    void refresh();         // plan again now

    // False, with the message shown in the tab (and in *error), when the file is no usable mix; the mix
    // planned for stays as it was.
    bool loadMix(const QString& path, QString* error = nullptr);
    void chooseMix();  // "Load mix…": a file dialog, then loadMix()
    bool hasMix() const;

    planning::Objective objective() const;
    void setObjective(planning::Objective objective);
    int budgetMiB() const;
    void setBudgetMiB(int mib);  // as if the slider were moved there (clamped to its range)

    const SessionCosts& costs() const;
    const PlanOutcome& outcome() const;
    bool showsPlan() const;  // false: the message page (no mix, no costs, a mix that cannot be planned)

    PlanControls* controls() const { return m_controls; }
    QLabel* messageLabel() const { return m_message; }
    QLabel* mixLabel() const;
    QLabel* mixErrorLabel() const;
    QComboBox* objectiveChooser() const;
    QComboBox* costsChooser() const;
    QSlider* budgetSlider() const;
    QLabel* budgetLabel() const;
    PlanFiguresForm* figures() const { return m_figures; }
    BaselineTableModel* baselineModel() const { return m_baselineModel; }
    QTableView* baselineTable() const { return m_baselineTable; }
    PlanCurveChart* chart() const { return m_chart; }
    QLabel* notesLabel() const { return m_notes; }
    QLabel* costsCaption() const { return m_costsCaption; }

private:
    QWidget* createPlanPage();
    void readSession();  // the costs from the rows, then replan()
    void replan();
    void showOutcome();
    void showMessage(const QString& message);

    RowSource m_rows;
    EnvironmentSource m_environment;
    struct State;  // the mix, the chosen pair, the costs and the outcome (core/planning's types)
    std::unique_ptr<State> m_state;
    RedrawSchedule* m_schedule = nullptr;
    bool m_budgetTouched = false;  // moved by the user: kept (clamped) when the range changes
    QString m_mixFolder;

    PlanControls* m_controls = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_message = nullptr;
    PlanFiguresForm* m_figures = nullptr;
    BaselineTableModel* m_baselineModel = nullptr;
    QTableView* m_baselineTable = nullptr;
    PlanCurveChart* m_chart = nullptr;
    QLabel* m_notes = nullptr;
    QLabel* m_costsCaption = nullptr;
};

}  // namespace graphlens::ui
