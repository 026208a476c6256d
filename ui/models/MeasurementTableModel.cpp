#include "ui/models/MeasurementTableModel.h"

#include "advisor/SessionPredictions.h"
#include "results/MeasurementColumns.h"
#include "results/ProfiledMerge.h"
#include "ui/UiLogging.h"
#include "ui/models/RowLabels.h"
#include "ui/models/RowPredictions.h"

#include <QBrush>
#include <QColor>
#include <optional>
#include <string_view>

namespace graphlens::ui {
namespace {

using results::Measurement;

struct ColumnInfo {
    const char* header;
    std::string_view source;  // name in measurementColumns(): its doc becomes the header tooltip
    bool numeric;
};

constexpr ColumnInfo kColumns[MeasurementTableModel::ColumnCount] = {
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Family"), "family", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Phase"), "phase", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Batch"), "batch", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Size"), "imgsz", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Precision"), "precision", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Arm"), "arm", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Pass"), "pass", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Status"), "status", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Median ms"), "step_ms_median", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Min ms"), "step_ms_min", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "95% CI ms"), "step_ms_ci_low", true},
    // "timed": the median ratio of the unprofiled steps, which the summary card quotes, not the
    // Timeline's one profiled step (three figures for one configuration read as a contradiction).
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Speedup (timed median)"), "speedup", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Reserved MiB"), "vram_peak_reserved_mb", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Δ reserved MiB"), "vram_delta_reserved_mb", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Capture ms"), "capture_ms", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Replays"), "replays", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Launches"), "launches", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Kernels"), "kernels", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Network %"), "network_fraction", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Predicted speedup"), "predicted_speedup", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Prediction error %"), "prediction_error_pct", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Advice"), "advice", false},
    // One profiled step of each arm, not the timed medians: the header's tooltip (its doc) says so.
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Saved ms (profiled)"), "explain_saved_ms", true},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Kernel alignment"), "kernel_alignment", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Refusal"), "refusal_kind", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Refused call"), "refusal_call", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Refused at operator"), "refusal_op", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Refused in module"), "refusal_module", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Refusal advice"), "refusal_advice", false},
    {QT_TRANSLATE_NOOP("MeasurementTableModel", "Message"), "message", false},
};

QString columnDoc(std::string_view name) {
    for (const auto& column : results::measurementColumns()) {
        if (column.name == name) return QString::fromUtf8(column.doc.data(), qsizetype(column.doc.size()));
    }
    return {};
}

QString number(const std::optional<double>& value, int decimals) {
    return value ? QString::number(*value, 'f', decimals) : QString();
}

QVariant raw(const std::optional<double>& value) { return value ? QVariant(*value) : QVariant(); }

QString interval(const std::optional<double>& low, const std::optional<double>& high, int decimals) {
    if (!low || !high) return {};
    return QStringLiteral("%1 – %2").arg(*low, 0, 'f', decimals).arg(*high, 0, 'f', decimals);
}

}  // namespace

MeasurementTableModel::MeasurementTableModel(QObject* parent) : QAbstractTableModel(parent) {}

bool MeasurementTableModel::isFailedRow(const results::Measurement& row) {
    return row.status == "oom" || row.status == "error" || row.status == "refused";
}

void MeasurementTableModel::resetData(std::vector<results::Measurement> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    m_calibration.reset();  // another session's rows: its own environment says how to predict them
    // An autosave holds timed rows as they went out, before the profiled pass ran: join them here,
    // as the engine does for its session file, so launches and GPU idle sit on the timed rows.
    results::mergeProfiledRows(m_rows);
    endResetModel();
    qCDebug(lcUiModel) << "reset with" << m_rows.size() << "rows";
}

void MeasurementTableModel::appendRow(const results::Measurement& row) {
    const int position = int(m_rows.size());
    beginInsertRows({}, position, position);
    m_rows.push_back(row);
    endInsertRows();
    if (row.pass == "profiled") {
        // A profiled row arrives after the timed rows of its configuration: its counters join them.
        for (const size_t written : results::mergeProfiledRows(m_rows, size_t(position))) {
            emit dataChanged(index(int(written), 0), index(int(written), ColumnCount - 1));
        }
    }
    // Once predicting: a profiled row brings the kernel figures a prediction reads, a graphed row
    // the measurement its prediction is scored against.
    applyPredictions();
}

bool MeasurementTableModel::predictFrom(const nlohmann::json& environment) {
    auto calibration = replayCalibrationIn(environment);
    if (!calibration) return false;
    if (!m_calibration && hasPredictions(m_rows)) return false;
    m_calibration = std::make_shared<const advisor::ReplayCalibration>(std::move(*calibration));
    applyPredictions();
    qCDebug(lcUiModel) << "predicted graphed steps from the replay calibration of" << m_calibration->device.c_str();
    return true;
}

void MeasurementTableModel::applyPredictions() {
    if (!m_calibration || m_rows.empty()) return;
    // Every timed row is rewritten (the advisor pairs rows across the table), so all of them change.
    advisor::addPredictions(m_rows, *m_calibration);
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int MeasurementTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MeasurementTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MeasurementTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& m = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(m, index.column());
    case SortRole:
        return sortValue(m, index.column());
    case Qt::ToolTipRole:
        // A refusal's own cell shows itself whole (a failed call is longer than its column)...
        if (index.column() >= RefusalKind && index.column() <= RefusalAdvice) {
            if (const QString own = display(m, index.column()).toString(); !own.isEmpty()) return own;
        }
        // ...and pointing anywhere else on a failed row says why it failed.
        if (isFailedRow(m) && !m.message.empty()) return QString::fromStdString(m.message);
        return toolTip(m, index.column());
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignVCenter |
                                   (kColumns[index.column()].numeric ? Qt::AlignRight : Qt::AlignLeft));
    case Qt::ForegroundRole:
        // A failed or out-of-memory row must stand out in a long sweep: the whole row; any other
        // status that is not ok (skipped) in its status cell only.
        if (isFailedRow(m) || (index.column() == Status && m.status != "ok" && !m.status.empty())) {
            return QBrush(QColor(0xc0, 0x39, 0x2b));
        }
        return {};
    default:
        return {};
    }
}

QVariant MeasurementTableModel::display(const results::Measurement& m, int column) const {
    switch (column) {
    case Family: return QString::fromStdString(m.family);
    // Training rows name their graph scope here, or the two scopes' rows of a batch look alike.
    case Phase: return QString::fromStdString(phaseLabel(m.phase, curveScope(m)));
    case Batch: return m.batch > 0 ? QString::number(m.batch) : QString();
    case ImgSz: return m.imgsz > 0 ? QString::number(m.imgsz) : QString();
    case Precision: return QString::fromStdString(m.precision);
    case Arm: return QString::fromStdString(m.arm);
    case Pass: return QString::fromStdString(m.pass);
    case Status: return QString::fromStdString(m.status);
    case StepMsMedian: return number(m.step_ms_median, 3);
    case StepMsMin: return number(m.step_ms_min, 3);
    case StepMsCi: return interval(m.step_ms_ci_low, m.step_ms_ci_high, 3);
    case Speedup: return m.speedup ? QStringLiteral("%1×").arg(*m.speedup, 0, 'f', 2) : QString();
    case VramPeakReserved: return number(m.vram_peak_reserved_mb, 1);
    case VramDelta:
        // The sign is the point of this column: the graph pool usually adds memory.
        return m.vram_delta_reserved_mb
                   ? QStringLiteral("%1%2").arg(*m.vram_delta_reserved_mb > 0 ? QStringLiteral("+") : QString())
                         .arg(*m.vram_delta_reserved_mb, 0, 'f', 1)
                   : QString();
    case CaptureMs: return number(m.capture_ms, 1);
    case Replays: return number(m.replays, 0);
    case Launches:
        // A graph replay is one launch of many kernels: show it as such, not as "0 launches".
        if (m.graph_launches && *m.graph_launches > 0) {
            return tr("%1 + %2 graph").arg(number(m.launches, 0), number(m.graph_launches, 0));
        }
        return number(m.launches, 0);
    case Kernels: return number(m.kernels, 0);
    case NetworkPct: return m.network_fraction ? number(*m.network_fraction * 100.0, 1) : QString();
    case PredictedSpeedup: return m.predicted_speedup ? QStringLiteral("%1×").arg(*m.predicted_speedup, 0, 'f', 2) : QString();
    case PredictionErrorPct:
        return m.prediction_error_pct ? QStringLiteral("%1%2").arg(*m.prediction_error_pct > 0 ? QStringLiteral("+") : QString())
                                            .arg(*m.prediction_error_pct, 0, 'f', 1)
                                      : QString();
    case Advice: return QString::fromStdString(m.advice);
    case SavedMs: return number(m.explain_saved_ms, 3);
    case KernelAlignment: return QString::fromStdString(m.kernel_alignment);
    case RefusalKind: return QString::fromStdString(m.refusal_kind);
    case RefusalCall: return QString::fromStdString(m.refusal_call);
    case RefusalOp: return QString::fromStdString(m.refusal_op);
    case RefusalModule: return QString::fromStdString(m.refusal_module);
    case RefusalAdvice: return QString::fromStdString(m.refusal_advice);
    case Message: return QString::fromStdString(m.message);
    default: return {};
    }
}

QVariant MeasurementTableModel::sortValue(const results::Measurement& m, int column) const {
    switch (column) {
    // Absent (0) is an empty cell: no value, so a sort puts it last instead of first.
    case Batch: return m.batch > 0 ? QVariant(m.batch) : QVariant();
    case ImgSz: return m.imgsz > 0 ? QVariant(m.imgsz) : QVariant();
    case StepMsMedian: return raw(m.step_ms_median);
    case StepMsMin: return raw(m.step_ms_min);
    case StepMsCi: return raw(m.step_ms_ci_low);
    case Speedup: return raw(m.speedup);
    case VramPeakReserved: return raw(m.vram_peak_reserved_mb);
    case VramDelta: return raw(m.vram_delta_reserved_mb);
    case CaptureMs: return raw(m.capture_ms);
    case Replays: return raw(m.replays);
    case Launches: return raw(m.launches);
    case Kernels: return raw(m.kernels);
    case NetworkPct: return raw(m.network_fraction);
    case PredictedSpeedup: return raw(m.predicted_speedup);
    case PredictionErrorPct: return raw(m.prediction_error_pct);
    case SavedMs: return raw(m.explain_saved_ms);
    default: return display(m, column);
    }
}

QVariant MeasurementTableModel::toolTip(const results::Measurement& m, int column) const {
    switch (column) {
    case Speedup:
        if (m.speedup_ci_low && m.speedup_ci_high) {
            return tr("95% CI %1").arg(interval(m.speedup_ci_low, m.speedup_ci_high, 3));
        }
        return {};
    case Message: return m.message.empty() ? QVariant() : QVariant(QString::fromStdString(m.message));
    case Family:
        return m.device.empty() ? QVariant()
                                : QVariant(tr("%1 on %2, %3 pass").arg(QString::fromStdString(m.family),
                                                                       QString::fromStdString(m.device),
                                                                       QString::fromStdString(m.pass)));
    default: return {};
    }
}

QVariant MeasurementTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (role) {
    case Qt::DisplayRole: return tr(kColumns[section].header);
    case Qt::ToolTipRole:
        if (section == StepMsCi) return tr("bootstrap 95% interval of the median step time, ms");
        if (section == Speedup) {
            return columnDoc(kColumns[section].source) +
                   tr("\nFrom the timed (unprofiled) steps, as the summary card quotes it; the Timeline's ratio is "
                      "one profiled step of each arm.");
        }
        return columnDoc(kColumns[section].source);
    default: return {};
    }
}

}  // namespace graphlens::ui
