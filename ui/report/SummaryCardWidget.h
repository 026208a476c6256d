#pragma once
// The summary card above the charts: summarySentences() over the rows the charts draw
// (ChartedRows: the family chosen in the filter bar, at most kMaxChartedSeries series), redrawn on
// the charts' RedrawSchedule. Shows text only; the sentences come from SummaryCard, and a warning
// (BuildWarning) comes first when a Debug build measured the rows.
#include <QFrame>
#include <string>

class QLabel;

namespace graphlens::ui {

class MeasurementTableModel;
class RedrawSchedule;

class SummaryCardWidget : public QFrame {
    Q_OBJECT
public:
    explicit SummaryCardWidget(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    void setFamily(const std::string& family);  // empty: every family
    QStringList sentences() const { return m_sentences; }
    // Above the sentences while a Debug (unoptimised) build measured any row shown; empty otherwise.
    QString buildWarning() const { return m_buildWarning; }
    QString text() const;  // what the card shows, as plain text
    void redrawIfPending();

protected:
    void changeEvent(QEvent* event) override;  // a theme change recolours the warning

private:
    void rebuild();

    const MeasurementTableModel* m_model = nullptr;
    std::string m_family;
    RedrawSchedule* m_schedule = nullptr;
    QLabel* m_text = nullptr;
    QStringList m_sentences;
    QString m_buildWarning;
};

}  // namespace graphlens::ui
