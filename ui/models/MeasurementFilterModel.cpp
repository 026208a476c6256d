#include "ui/models/MeasurementFilterModel.h"

#include "ui/MeasurementTableModel.h"
#include "ui/models/NaturalOrder.h"

#include <QAbstractProxyModel>
#include <array>

namespace graphlens::ui {
namespace {

// The columns the free text is looked for in: what a user types is a name, a status or a batch,
// never a timing (and formatting every number of 10,000 rows per keystroke would be slow).
constexpr std::array kTextColumns{MeasurementTableModel::Family, MeasurementTableModel::Phase,
                                  MeasurementTableModel::Batch,  MeasurementTableModel::Precision,
                                  MeasurementTableModel::Arm,    MeasurementTableModel::Pass,
                                  MeasurementTableModel::Status, MeasurementTableModel::Message};

bool isEmptyCell(const QVariant& value) {
    return !value.isValid() || value.isNull() ||
           (value.typeId() == QMetaType::QString && value.toString().isEmpty());
}

bool isNumber(const QVariant& value) {
    switch (value.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
        return true;
    default:
        return false;
    }
}

}  // namespace

MeasurementFilterModel::MeasurementFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(MeasurementTableModel::SortRole);
}

void MeasurementFilterModel::setSourceModel(QAbstractItemModel* source) {
    // The rows live at the bottom of the chain (table model ← baseline deltas ← this proxy).
    QAbstractItemModel* bottom = source;
    while (auto* proxy = qobject_cast<QAbstractProxyModel*>(bottom)) bottom = proxy->sourceModel();
    m_model = qobject_cast<MeasurementTableModel*>(bottom);
    QSortFilterProxyModel::setSourceModel(source);
}

void MeasurementFilterModel::setFilter(QString& field, const QString& value) {
    if (field == value) return;
    field = value;
    invalidateRowsFilter();
}

void MeasurementFilterModel::setFamilyFilter(const QString& family) { setFilter(m_family, family); }
void MeasurementFilterModel::setPhaseFilter(const QString& phase) { setFilter(m_phase, phase); }
void MeasurementFilterModel::setArmFilter(const QString& arm) { setFilter(m_arm, arm); }
void MeasurementFilterModel::setStatusFilter(const QString& status) { setFilter(m_status, status); }
void MeasurementFilterModel::setTextFilter(const QString& text) { setFilter(m_text, text.trimmed()); }

bool MeasurementFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const auto* source = sourceModel();
    if (!source) return true;
    const auto cell = [&](int column) { return source->index(sourceRow, column, sourceParent).data().toString(); };
    const auto matches = [&](const QString& wanted, int column) { return wanted.isEmpty() || cell(column) == wanted; };
    if (!matches(m_family, MeasurementTableModel::Family) || !matches(m_phase, MeasurementTableModel::Phase) ||
        !matches(m_arm, MeasurementTableModel::Arm) || !matches(m_status, MeasurementTableModel::Status)) {
        return false;
    }
    if (m_text.isEmpty()) return true;
    for (const int column : kTextColumns) {
        if (cell(column).contains(m_text, Qt::CaseInsensitive)) return true;
    }
    return false;
}

bool MeasurementFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    const bool aEmpty = isEmptyCell(a);
    const bool bEmpty = isEmptyCell(b);
    if (aEmpty || bEmpty) {
        if (aEmpty == bEmpty) return false;
        // Empty cells last in either order: for a descending sort the proxy asks lessThan(right, left).
        return sortOrder() == Qt::AscendingOrder ? bEmpty : aEmpty;
    }
    if (isNumber(a) && isNumber(b)) return a.toDouble() < b.toDouble();
    return naturalCompare(a.toString(), b.toString()) < 0;  // "resnet18" before "resnet101"
}

const results::Measurement* MeasurementFilterModel::measurementAt(const QModelIndex& proxyIndex) const {
    if (!m_model || !proxyIndex.isValid() || proxyIndex.model() != this) return nullptr;
    // Column 0 maps through every proxy (an added column, such as a baseline delta, may not).
    QModelIndex index = mapToSource(proxyIndex.siblingAtColumn(0));
    while (index.isValid() && index.model() != m_model) {
        const auto* proxy = qobject_cast<const QAbstractProxyModel*>(index.model());
        if (!proxy) return nullptr;
        index = proxy->mapToSource(index);
    }
    if (!index.isValid() || size_t(index.row()) >= m_model->rows().size()) return nullptr;
    return &m_model->rows()[size_t(index.row())];
}

std::vector<results::Measurement> MeasurementFilterModel::measurementsAt(const QModelIndexList& proxyIndexes) const {
    std::vector<results::Measurement> rows;
    rows.reserve(size_t(proxyIndexes.size()));
    for (const auto& index : proxyIndexes) {
        if (const auto* row = measurementAt(index)) rows.push_back(*row);
    }
    return rows;
}

}  // namespace graphlens::ui
