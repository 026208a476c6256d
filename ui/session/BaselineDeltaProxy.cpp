#include "ui/session/BaselineDeltaProxy.h"

#include "results/Measurement.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/session/Baseline.h"

#include <QBrush>
#include <QColor>
#include <optional>

namespace graphlens::ui {
namespace {

using results::Measurement;

std::optional<double> medianChangePct(const Measurement& now, const Measurement& base) {
    if (!now.step_ms_median || !base.step_ms_median || !(*base.step_ms_median > 0)) return std::nullopt;
    return 100.0 * (*now.step_ms_median - *base.step_ms_median) / *base.step_ms_median;
}

std::optional<double> speedupChange(const Measurement& now, const Measurement& base) {
    if (now.arm != "graphed" || !now.speedup || !base.speedup) return std::nullopt;
    return *now.speedup - *base.speedup;
}

QString signedNumber(double value, int decimals) {
    return (value > 0 ? QStringLiteral("+") : QString()) + QString::number(value, 'f', decimals);
}

// Both medians carry a bootstrap 95% interval: a change whose intervals do not overlap is more
// than the run-to-run noise, and only that one is coloured.
std::optional<bool> intervalsApart(const Measurement& now, const Measurement& base) {
    if (!now.step_ms_ci_low || !now.step_ms_ci_high || !base.step_ms_ci_low || !base.step_ms_ci_high) {
        return std::nullopt;
    }
    return *now.step_ms_ci_low > *base.step_ms_ci_high || *now.step_ms_ci_high < *base.step_ms_ci_low;
}

}  // namespace

BaselineDeltaProxy::BaselineDeltaProxy(QObject* parent) : QIdentityProxyModel(parent) {}

void BaselineDeltaProxy::setSourceModel(QAbstractItemModel* source) {
    m_measurements = qobject_cast<const MeasurementTableModel*>(source);
    QIdentityProxyModel::setSourceModel(source);  // resets this model too
}

void BaselineDeltaProxy::setBaseline(const Baseline* baseline) {
    if (m_baseline) disconnect(m_baseline, nullptr, this, nullptr);
    m_baseline = baseline;
    if (m_baseline) connect(m_baseline, &Baseline::changed, this, &BaselineDeltaProxy::onBaselineChanged);
    onBaselineChanged();
}

void BaselineDeltaProxy::onBaselineChanged() {
    const bool wanted = m_baseline && m_baseline->isSet() && m_measurements;
    const int first = sourceColumns();
    if (wanted && !m_shown) {
        beginInsertColumns({}, first, first + ExtraColumnCount - 1);
        m_shown = true;
        endInsertColumns();
    } else if (!wanted && m_shown) {
        beginRemoveColumns({}, first, first + ExtraColumnCount - 1);
        m_shown = false;
        endRemoveColumns();
    } else if (m_shown && rowCount() > 0) {
        // Another baseline: same columns, new values.
        emit dataChanged(index(0, first), index(rowCount() - 1, first + ExtraColumnCount - 1));
    }
}

int BaselineDeltaProxy::columnOf(ExtraColumn extra) const { return m_shown ? sourceColumns() + extra : -1; }

int BaselineDeltaProxy::sourceColumns() const { return sourceModel() ? sourceModel()->columnCount() : 0; }

int BaselineDeltaProxy::extraOf(int column) const {
    const int extra = column - sourceColumns();
    return m_shown && extra >= 0 && extra < ExtraColumnCount ? extra : -1;
}

int BaselineDeltaProxy::rowCount(const QModelIndex& parent) const {
    // A flat table: no cell, extra or not, has rows under it.
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->rowCount();
}

int BaselineDeltaProxy::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return sourceColumns() + (m_shown ? int(ExtraColumnCount) : 0);
}

bool BaselineDeltaProxy::hasChildren(const QModelIndex& parent) const {
    return !parent.isValid() && rowCount() > 0 && columnCount() > 0;
}

QModelIndex BaselineDeltaProxy::index(int row, int column, const QModelIndex& parent) const {
    if (parent.isValid() || row < 0 || row >= rowCount()) return {};
    if (extraOf(column) >= 0) return createIndex(row, column);
    return QIdentityProxyModel::index(row, column, parent);
}

QModelIndex BaselineDeltaProxy::parent(const QModelIndex& child) const {
    return extraOf(child.column()) >= 0 ? QModelIndex() : QIdentityProxyModel::parent(child);
}

QModelIndex BaselineDeltaProxy::sibling(int row, int column, const QModelIndex& index) const {
    return this->index(row, column, parent(index));
}

QModelIndex BaselineDeltaProxy::buddy(const QModelIndex& index) const {
    return extraOf(index.column()) >= 0 ? index : QIdentityProxyModel::buddy(index);
}

QModelIndex BaselineDeltaProxy::mapToSource(const QModelIndex& proxyIndex) const {
    if (!proxyIndex.isValid() || extraOf(proxyIndex.column()) >= 0) return {};
    return QIdentityProxyModel::mapToSource(proxyIndex);
}

Qt::ItemFlags BaselineDeltaProxy::flags(const QModelIndex& index) const {
    if (index.isValid() && extraOf(index.column()) >= 0) {
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    }
    return QIdentityProxyModel::flags(index);
}

QVariant BaselineDeltaProxy::data(const QModelIndex& index, int role) const {
    const int extra = index.isValid() ? extraOf(index.column()) : -1;
    if (extra < 0) return QIdentityProxyModel::data(index, role);
    if (!m_measurements || index.row() >= int(m_measurements->rows().size())) return {};
    return extraData(m_measurements->rows()[size_t(index.row())], extra, role);
}

QVariant BaselineDeltaProxy::extraData(const Measurement& row, int extra, int role) const {
    if (role == Qt::TextAlignmentRole) return QVariant::fromValue(Qt::AlignVCenter | Qt::AlignRight);
    const Measurement* base = m_baseline ? m_baseline->matcher().match(row) : nullptr;
    if (!base) return {};  // blank: no baseline row to compare with
    switch (extra) {
    case BaselineMedian:
        if (role == Qt::DisplayRole) return QString::number(*base->step_ms_median, 'f', 3);
        if (role == MeasurementTableModel::SortRole) return *base->step_ms_median;
        if (role == Qt::ToolTipRole && base->step_ms_ci_low && base->step_ms_ci_high) {
            return tr("Baseline %1 ms, 95% CI %2 – %3 ms")
                .arg(*base->step_ms_median, 0, 'f', 3)
                .arg(*base->step_ms_ci_low, 0, 'f', 3)
                .arg(*base->step_ms_ci_high, 0, 'f', 3);
        }
        return {};
    case DeltaMedianPct: {
        const auto change = medianChangePct(row, *base);
        if (!change) return {};
        if (role == Qt::DisplayRole) return signedNumber(*change, 1) + QLatin1Char('%');
        if (role == MeasurementTableModel::SortRole) return *change;
        const auto apart = intervalsApart(row, *base);
        if (role == Qt::ForegroundRole && apart.value_or(false)) {
            return QBrush(*change > 0 ? QColor(0xc0, 0x39, 0x2b) : QColor(0x1e, 0x84, 0x49));
        }
        if (role == Qt::ToolTipRole) {
            QString text = tr("%1 ms now, %2 ms in the baseline (%3%; negative is faster)")
                               .arg(*row.step_ms_median, 0, 'f', 3)
                               .arg(*base->step_ms_median, 0, 'f', 3)
                               .arg(signedNumber(*change, 2));
            if (apart) {
                text += QLatin1Char('\n') + (*apart ? tr("The 95% intervals do not overlap: more than the noise.")
                                                    : tr("The 95% intervals overlap: within the noise."));
            }
            return text;
        }
        return {};
    }
    case DeltaSpeedup: {
        const auto change = speedupChange(row, *base);
        if (!change) return {};
        // Both speedups and their difference: "+2.41×" alone reads as "2.41 times the baseline's".
        if (role == Qt::DisplayRole) {
            return tr("%1× → %2× (%3)")
                .arg(QString::number(*base->speedup, 'f', 2), QString::number(*row.speedup, 'f', 2),
                     signedNumber(*change, 2));
        }
        if (role == MeasurementTableModel::SortRole) return *change;
        if (role == Qt::ToolTipRole) {
            return tr("Speedup %1× in the baseline, %2× now: %3 (now − baseline, a difference of speedups, not a "
                      "ratio; positive: graphs gain more now)")
                .arg(*base->speedup, 0, 'f', 3)
                .arg(*row.speedup, 0, 'f', 3)
                .arg(signedNumber(*change, 3));
        }
        return {};
    }
    default:
        return {};
    }
}

QVariant BaselineDeltaProxy::headerData(int section, Qt::Orientation orientation, int role) const {
    const int extra = orientation == Qt::Horizontal ? extraOf(section) : -1;
    if (extra < 0) return QIdentityProxyModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (extra) {
        case BaselineMedian: return tr("Baseline median (ms)");
        case DeltaMedianPct: return tr("Δ median %");
        case DeltaSpeedup: return tr("Δ speedup");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (extra) {
        case BaselineMedian:
            return tr("Median step time of the baseline row with the same family, phase, scope, precision, "
                      "memory format, batch, arm and pass; blank where the baseline has none");
        case DeltaMedianPct:
            return tr("(median now − baseline median) / baseline median; negative is faster. Coloured when the "
                      "two 95% intervals do not overlap");
        case DeltaSpeedup:
            return tr("Graphed rows: the baseline's speedup → the speedup now, and (now − baseline) in points of ×; "
                      "positive: graphs gain more now");
        default: return {};
        }
    }
    return {};
}

}  // namespace graphlens::ui
