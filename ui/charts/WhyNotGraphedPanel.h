#pragma once
// "Why not graphed", beside the results table: for the refused graphed row selected in the table (an
// eager row stands for its configuration's graphed row), the kind of refusal in words, the failed CUDA
// call, the ATen operator and the module in progress, what to do, and the row's message, as
// selectable text (RefusalExplanation). While nothing is selected it explains the session's first
// refused row, as the waterfall explains the headline row; a selected row that was not refused gets a
// short placeholder. Hidden while the session has no refused graphed row, so the table keeps the width.
#include "results/Measurement.h"
#include "ui/charts/RefusalExplanation.h"

#include <QFrame>
#include <QTimer>

#include <functional>
#include <optional>
#include <vector>

class QGridLayout;
class QLabel;

namespace graphlens::ui {

class WhyNotGraphedPanel : public QFrame {
    Q_OBJECT
public:
    explicit WhyNotGraphedPanel(QWidget* parent = nullptr);

    // Where the session's rows are read (the table model's, never copied: a sweep streams thousands in).
    using RowSource = std::function<const std::vector<results::Measurement>&()>;
    void setRowSource(RowSource rows);
    // The rows changed: redrawn at most once per RedrawSchedule::kStreamIntervalMs. Not a RedrawSchedule,
    // which waits for its view to be shown: this panel is hidden until a refused row arrives.
    void rowsChanged();
    // The rows selected in the table: the first one is explained until the selection is emptied.
    void explainSelection(const std::vector<results::Measurement>& selected);
    void refresh();  // redraws now (what rowsChanged() schedules)

    // The row explained, or nothing while the placeholder is shown (or the panel is hidden).
    const std::optional<RefusalExplanation>& explanation() const { return m_explanation; }
    bool showsRefusal() const { return m_explanation.has_value(); }
    QString text() const;  // what the panel shows, as plain text, line by line
    QLabel* kindLabel() const { return m_kind; }
    QLabel* callLabel() const { return m_call; }
    QLabel* operatorLabel() const { return m_op; }
    QLabel* moduleLabel() const { return m_module; }
    QLabel* adviceLabel() const { return m_advice; }
    QLabel* messageLabel() const { return m_message; }
    QLabel* placeholderLabel() const { return m_placeholder; }

    static QString title();
    // The placeholder for a selected row that was not refused; `refused`: the session's refused graphed rows.
    static QString placeholder(int refused);

protected:
    void changeEvent(QEvent* event) override;  // a theme change recolours the advice

private:
    void showExplanation(const RefusalExplanation& explanation);
    void showPlaceholder(const QString& text);
    void setField(QLabel* value, const QString& text);  // hidden, with its name, when empty
    void styleAdvice();

    RowSource m_rowSource;
    std::optional<results::Measurement> m_selected;  // a copy: the model's rows move as a sweep streams
    std::optional<RefusalExplanation> m_explanation;
    QTimer m_redraw;
    QLabel* m_title = nullptr;
    QLabel* m_row = nullptr;
    QLabel* m_kind = nullptr;
    QGridLayout* m_fields = nullptr;  // Call / Operator / Module, each a name and its value
    QLabel* m_call = nullptr;
    QLabel* m_op = nullptr;
    QLabel* m_module = nullptr;
    QLabel* m_advice = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_missing = nullptr;
    QLabel* m_placeholder = nullptr;
};

}  // namespace graphlens::ui
