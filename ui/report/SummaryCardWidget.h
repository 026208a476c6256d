#pragma once
// The summary card above the charts: summarySentences() over the table model's rows, redrawn
// whenever the rows change. Shows text only; the sentences come from SummaryCard.
#include <QFrame>

class QLabel;

namespace graphlens::ui {

class MeasurementTableModel;

class SummaryCardWidget : public QFrame {
    Q_OBJECT
public:
    explicit SummaryCardWidget(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    QStringList sentences() const { return m_sentences; }

private:
    void rebuild();

    const MeasurementTableModel* m_model = nullptr;
    QLabel* m_text = nullptr;
    QStringList m_sentences;
};

}  // namespace graphlens::ui
