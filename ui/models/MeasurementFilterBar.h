#pragma once
// The row above the results table that narrows it: one combo box each for family, phase, arm and
// status ("all" and the values present in the rows, growing as a sweep streams rows in), a free-text
// box and how many rows are shown. It only sets MeasurementFilterModel's filters; the values come
// from the table model's cells, never from parsing rows of its own.
#include <QSet>
#include <QWidget>
#include <array>

class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace graphlens::ui {

class MeasurementFilterModel;

class MeasurementFilterBar : public QWidget {
    Q_OBJECT
public:
    explicit MeasurementFilterBar(QWidget* parent = nullptr);

    // The proxy whose filters this bar sets; its source (a MeasurementTableModel) supplies the values.
    void setFilterModel(MeasurementFilterModel* proxy);

    QComboBox* familyBox() const { return m_boxes[FamilyBox]; }
    QComboBox* phaseBox() const { return m_boxes[PhaseBox]; }
    QComboBox* armBox() const { return m_boxes[ArmBox]; }
    QComboBox* statusBox() const { return m_boxes[StatusBox]; }
    QLineEdit* textField() const { return m_text; }
    QLabel* countLabel() const { return m_count; }

    // Every filter back to "all" and the text emptied.
    void clearFilters();

signals:
    // The family box's value changed (empty: all families); the charts follow it.
    void familyChosen(const QString& family);

private:
    enum Box { FamilyBox, PhaseBox, ArmBox, StatusBox, BoxCount };

    void collectValues(int firstRow, int lastRow);
    void rebuildValues();  // after a reset: the rows are new, so are the values
    void addValue(Box box, const QString& value);
    void applyBox(Box box);
    void updateCount();

    MeasurementFilterModel* m_proxy = nullptr;
    std::array<QComboBox*, BoxCount> m_boxes{};
    std::array<QSet<QString>, BoxCount> m_seen;  // values already listed, so a streamed row costs a lookup
    QLineEdit* m_text = nullptr;
    QToolButton* m_clear = nullptr;
    QLabel* m_count = nullptr;
};

}  // namespace graphlens::ui
