#pragma once
// "Series by: family | GPU | host | driver" beside the chart tabs; what the rows come from ("Rows
// from 3 GPUs on 2 hosts") is its tooltip and the summary card's first line. Shown while the session shown holds rows of more than one
// machine (a merged session) or a choice other than family is in force; every chart tab draws its
// series by the choice (ChartsPanel applies grouping()). The driver is offered when the session's
// environment names drivers.
#include "ui/charts/SeriesGrouping.h"

#include <QWidget>
#include <functional>
#include <set>
#include <string>

class QComboBox;

namespace graphlens::ui {

class MeasurementTableModel;

class SeriesBySelector : public QWidget {
    Q_OBJECT
public:
    using EnvironmentSource = std::function<const nlohmann::json&()>;

    explicit SeriesBySelector(QWidget* parent = nullptr);

    // The rows shown; the environment they were measured in (null source: no drivers known).
    void setSource(const MeasurementTableModel* model, EnvironmentSource environment);

    const SeriesGrouping& grouping() const { return m_grouping; }
    SeriesBy seriesBy() const { return m_grouping.by(); }
    // Chooses as the combo box does (a choice not offered, such as the driver while none is known, is ignored).
    void setSeriesBy(SeriesBy by);
    // "Rows from 3 GPUs on 2 hosts"; empty with one machine.
    QString machineSentence() const { return m_sentence; }
    // The summary card's first line: the sentence and what the charts do about it; empty with one machine.
    QString summaryNote() const { return m_note; }
    MachineCount machineCount() const { return m_count; }
    QComboBox* comboBox() const { return m_combo; }

    // Reads the rows and environment again (a session opened, rows streamed in).
    void refresh();

signals:
    void groupingChanged();                       // every chart redraws with grouping()
    void summaryNoteChanged(const QString& note);  // for the summary card

private:
    void rebuildGrouping(SeriesBy by);
    void rowsInserted(int first, int last);  // refresh() only when a row names a machine not seen yet
    void updateNote();

    const MeasurementTableModel* m_model = nullptr;
    EnvironmentSource m_environment;
    QComboBox* m_combo = nullptr;
    SeriesGrouping m_grouping;
    MachineCount m_count;
    QString m_sentence;
    QString m_note;
    std::set<std::string> m_seen;  // each row's session, host and GPU UUID, as of the last refresh()
    bool m_filling = false;  // the combo box is being refilled: its signals are not choices
};

}  // namespace graphlens::ui
