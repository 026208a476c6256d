#pragma once
// The rows of a session as a table: a readable subset of the Measurement columns. Owns the rows;
// the table view and the charts read them from here (models own view data, widgets only wire).
// Profiled rows are joined onto their timed rows as they arrive (results/ProfiledMerge), so a
// run streamed from the worker or an autosave reads like the engine's session file.
#include "results/Measurement.h"

#include <QAbstractTableModel>
#include <vector>

namespace graphlens::ui {

class MeasurementTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Family, Phase, Batch, ImgSz, Precision, Arm, Pass, Status, StepMsMedian, StepMsMin, StepMsCi,
        Speedup, VramPeakReserved, VramDelta, CaptureMs, Replays, Launches, Kernels, NetworkPct,
        // The advisor's: its prediction, how far off it was, its advice, where the saved time went.
        PredictedSpeedup, PredictionErrorPct, Advice, SavedMs, KernelAlignment,
        Message, ColumnCount
    };
    // Raw numbers for sorting (a proxy sorting DisplayRole would put "32" before "8").
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit MeasurementTableModel(QObject* parent = nullptr);

    // oom, error or refused: shown whole in red, its message as every cell's tooltip.
    static bool isFailedRow(const results::Measurement& row);

    void resetData(std::vector<results::Measurement> rows);
    void appendRow(const results::Measurement& row);
    const std::vector<results::Measurement>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const results::Measurement& m, int column) const;
    QVariant sortValue(const results::Measurement& m, int column) const;
    QVariant toolTip(const results::Measurement& m, int column) const;

    std::vector<results::Measurement> m_rows;
};

}  // namespace graphlens::ui
