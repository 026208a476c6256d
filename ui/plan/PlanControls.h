#pragma once
// The Plan tab's bar: "Load mix…" with the mix loaded (or why a file was refused, below it), the
// objective, the family and precision of the costs (shown only when the session holds several), and
// the VRAM budget as a slider in whole MiB with its value as text. It only shows and asks; the tab plans.
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

namespace graphlens::ui {

class PlanControls : public QWidget {
    Q_OBJECT
public:
    explicit PlanControls(QWidget* parent = nullptr);

    void showMix(const QString& summary, const QString& path);
    void showMixError(const QString& message);  // empty: hides it
    QString objectiveName() const;              // "mean" or "p99"
    void setObjectiveName(const QString& name);
    // The pairs to choose from and the one used; the chooser shows only for two or more.
    void setChoices(const QStringList& choices, int current);
    // Range 0 to `ceilingMiB`, at `valueMiB`, without budgetChanged(); disabled: no plan to budget.
    void setBudget(int ceilingMiB, int valueMiB, bool enabled);
    int budgetMiB() const;

    QLabel* mixLabel() const { return m_mixLabel; }
    QLabel* mixErrorLabel() const { return m_mixError; }
    QComboBox* objectiveChooser() const { return m_objective; }
    QComboBox* costsChooser() const { return m_costsChooser; }
    QSlider* budgetSlider() const { return m_budget; }
    QLabel* budgetLabel() const { return m_budgetText; }

signals:
    void loadRequested();
    void objectiveChanged();
    void choiceChanged(int index);
    void budgetChanged(int mib);  // the slider moved (by the user, or setValue on it)

protected:
    void changeEvent(QEvent* event) override;  // the error colour follows the theme

private:
    void showBudgetText();

    QPushButton* m_load = nullptr;
    QLabel* m_mixLabel = nullptr;
    QLabel* m_mixError = nullptr;
    QComboBox* m_objective = nullptr;
    QLabel* m_costsChooserLabel = nullptr;
    QComboBox* m_costsChooser = nullptr;
    QSlider* m_budget = nullptr;
    QLabel* m_budgetText = nullptr;
};

}  // namespace graphlens::ui
