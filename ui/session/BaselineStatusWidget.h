#pragma once
// The status bar's note of the baseline in use: "Baseline: <file name>" and a "Clear baseline"
// button. Hidden while no baseline is set.
#include <QWidget>

class QLabel;
class QToolButton;

namespace graphlens::ui {

class BaselineStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit BaselineStatusWidget(QWidget* parent = nullptr);

    void showBaseline(const QString& name);  // an empty name hides the widget
    QString text() const;
    QToolButton* clearButton() const { return m_clear; }

signals:
    void clearRequested();

private:
    QLabel* m_label = nullptr;
    QToolButton* m_clear = nullptr;
};

}  // namespace graphlens::ui
