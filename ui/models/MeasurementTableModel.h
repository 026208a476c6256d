#pragma once
// The rows of a session as a table: a readable subset of the Measurement columns. Owns the rows;
// the table view and the charts read them from here (models own view data, widgets only wire).
// Profiled rows are joined onto their timed rows as they arrive (results/ProfiledMerge), so a
// run streamed from the worker or an autosave reads like the engine's session file. With the
// device's replay calibration it also puts the advisor's prediction on them (predictFrom).
#include "results/Measurement.h"

#include <QAbstractTableModel>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <vector>

namespace graphlens::advisor {
struct ReplayCalibration;
}

namespace graphlens::ui {

class MeasurementTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Family, Phase, Batch, ImgSz, Precision, Arm, Pass, Status, StepMsMedian, StepMsMin, StepMsCi,
        Speedup, VramPeakReserved, VramDelta, CaptureMs, Replays, Launches, Kernels, NetworkPct,
        // The advisor's: its prediction, how far off it was, its advice, where the saved time went.
        PredictedSpeedup, PredictionErrorPct, Advice, SavedMs, KernelAlignment,
        // Why a graphed row was refused (the capture diagnosis); empty on every other row.
        RefusalKind, RefusalCall, RefusalOp, RefusalModule, RefusalAdvice,
        Message, ColumnCount
    };
    // Raw numbers for sorting (a proxy sorting DisplayRole would put "32" before "8").
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit MeasurementTableModel(QObject* parent = nullptr);

    // oom, error or refused: shown whole in red, its message as every cell's tooltip.
    static bool isFailedRow(const results::Measurement& row);

    void resetData(std::vector<results::Measurement> rows);  // forgets the calibration of predictFrom()
    void appendRow(const results::Measurement& row);
    // The advisor's figures (predicted_*, advice, prediction_error_pct) on the timed rows, from the
    // replay calibration in `environment` (a session's, a worker's hello or its final one), now and
    // again as rows arrive. Changes nothing without a calibration, nor on rows that hold predictions
    // this model did not make (a session the engine predicted stays as saved). Returns whether it predicted.
    bool predictFrom(const nlohmann::json& environment);
    bool predicts() const { return m_calibration != nullptr; }
    const std::vector<results::Measurement>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const results::Measurement& m, int column) const;
    QVariant sortValue(const results::Measurement& m, int column) const;
    QVariant toolTip(const results::Measurement& m, int column) const;
    void applyPredictions();

    std::vector<results::Measurement> m_rows;
    // Set by predictFrom() until the next reset; a pointer keeps the advisor out of this header.
    std::shared_ptr<const advisor::ReplayCalibration> m_calibration;
};

}  // namespace graphlens::ui
