#pragma once
// The summary card above the charts: summarySentences() over the rows the charts draw
// (ChartedRows: the family chosen in the filter bar, at most kMaxChartedSeries series), redrawn on
// the charts' RedrawSchedule. Shows text only; the sentences come from SummaryCard, and a warning
// (BuildWarning) comes first when a Debug build measured the rows.
#include "ui/charts/SeriesGrouping.h"

#include <QFrame>
#include <string>

class QLabel;
class QScrollArea;

namespace graphlens::ui {

class MeasurementTableModel;
class RedrawSchedule;

class SummaryCardWidget : public QFrame {
    Q_OBJECT
public:
    explicit SummaryCardWidget(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    void setFamily(const std::string& family);  // empty: every family
    // First line of the card while the rows come from several machines ("Rows from 3 GPUs on 2
    // hosts: the charts draw a line per GPU."; SeriesBySelector::summaryNote); empty: none.
    void setMachineNote(const QString& note);
    // Series by GPU, host or driver: the sentences are written per machine ("… on H200 · GPU-1a2b",
    // "node-a: …"), never one machine's figures for all.
    void setSeriesGrouping(const SeriesGrouping& grouping);
    QString machineNote() const { return m_machineNote; }
    QStringList sentences() const { return m_sentences; }
    // Above the sentences while a Debug (unoptimised) build measured any row shown; empty otherwise.
    QString buildWarning() const { return m_buildWarning; }
    QString text() const;  // what the card shows, as plain text
    void redrawIfPending();
    // While a sweep runs the card keeps the height of its cap (kMaxLines) so the tabs below stay put as
    // sentences stream in; otherwise it fits its text up to the cap and scrolls beyond it.
    void setRunning(bool running);
    static constexpr int kMaxLines = 5;
    // The line under the sentences saying which speedup they quote (the timed median, not the
    // Timeline's one profiled step); empty while there is no figure.
    static QString speedupNote(const QStringList& sentences);

protected:
    void changeEvent(QEvent* event) override;  // a theme change recolours the warning
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void fitHeight();  // the card's height for its text, within the cap (see setRunning)

    const MeasurementTableModel* m_model = nullptr;
    std::string m_family;
    RedrawSchedule* m_schedule = nullptr;
    QLabel* m_text = nullptr;
    QScrollArea* m_scroll = nullptr;
    bool m_running = false;
    QStringList m_sentences;
    QString m_buildWarning;
    QString m_machineNote;
    SeriesGrouping m_grouping;
};

}  // namespace graphlens::ui
