#pragma once
// The chosen plan in figures: the sizes to capture (in capture order), the expected mean and p99
// latency per request, padding waste, requests left eager, the shared pool and the capture time at
// start-up. Or, in their place, why there is no plan at this budget.
#include <QWidget>

#include <array>

class QFormLayout;
class QLabel;

namespace graphlens::planning {
struct PlanFigures;  // only declared: moc cannot parse the <compare> of core/planning's headers
}

namespace graphlens::ui {

class PlanFiguresForm : public QWidget {
    Q_OBJECT
public:
    enum Field { Captured, Mean, P99, Padding, Eager, Pool, CaptureTime, FieldCount };

    explicit PlanFiguresForm(QWidget* parent = nullptr);

    void setFigures(const planning::PlanFigures& figures);
    void showMessage(const QString& message);  // no figures: why (an error colour)

    QLabel* field(Field field) const { return m_values[size_t(field)]; }
    QLabel* messageLabel() const { return m_message; }
    bool showsFigures() const { return m_showsFigures; }

protected:
    void changeEvent(QEvent* event) override;  // the message's colour follows the theme

private:
    void setRowsVisible(bool visible);

    QFormLayout* m_form = nullptr;
    std::array<QLabel*, FieldCount> m_values{};
    QLabel* m_message = nullptr;
    bool m_showsFigures = false;
};

}  // namespace graphlens::ui
