#include "ui/models/MeasurementFilterModel.h"

#include "ui/models/MeasurementTableModel.h"
#include "ui/models/NaturalOrder.h"

#include <QAbstractProxyModel>
#include <QIdentityProxyModel>
#include <array>

namespace graphlens::ui {
namespace {

// The columns the free text is looked for in: what a user types is a name, a status or a batch,
// never a timing (and formatting every number of 10,000 rows per keystroke would be slow).
constexpr std::array kTextColumns{MeasurementTableModel::Family, MeasurementTableModel::Phase,
                                  MeasurementTableModel::Batch,  MeasurementTableModel::Precision,
                                  MeasurementTableModel::Arm,    MeasurementTableModel::Pass,
                                  MeasurementTableModel::Status, MeasurementTableModel::Advice,
                                  MeasurementTableModel::Message};

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
    if (source == sourceModel()) return;
    // The old source's connections go, the base class's with them; it makes its own again below.
    if (sourceModel()) disconnect(sourceModel(), nullptr, this, nullptr);
    // The rows live at the bottom of the chain (table model ← baseline deltas ← this proxy).
    QAbstractItemModel* bottom = source;
    m_rowsAreModelRows = true;
    while (auto* proxy = qobject_cast<QAbstractProxyModel*>(bottom)) {
        m_rowsAreModelRows = m_rowsAreModelRows && qobject_cast<QIdentityProxyModel*>(proxy);
        bottom = proxy->sourceModel();
    }
    m_model = qobject_cast<MeasurementTableModel*>(bottom);
    m_rowsAreModelRows = m_rowsAreModelRows && m_model;
    forgetSortKeys();
    if (source) {
        // Connected before the base class connects its own handlers, so the cached sort values are
        // gone before it re-sorts changed rows. Rows appended at the end keep the others' values.
        const auto forget = [this] { forgetSortKeys(); };
        connect(source, &QAbstractItemModel::modelAboutToBeReset, this, forget);
        connect(source, &QAbstractItemModel::dataChanged, this, forget);
        connect(source, &QAbstractItemModel::layoutAboutToBeChanged, this, forget);
        connect(source, &QAbstractItemModel::rowsAboutToBeRemoved, this, forget);
        connect(source, &QAbstractItemModel::rowsAboutToBeMoved, this, forget);
        connect(source, &QAbstractItemModel::columnsAboutToBeInserted, this, forget);
        connect(source, &QAbstractItemModel::columnsAboutToBeRemoved, this, forget);
        connect(source, &QAbstractItemModel::rowsAboutToBeInserted, this, [this](const QModelIndex&, int first) {
            if (size_t(first) < m_keys.size()) forgetSortKeys();
        });
    }
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

QVariant MeasurementFilterModel::cell(int sourceRow, int column, const QModelIndex& sourceParent, int role) const {
    // The identity proxies between pass these columns through unchanged; skipping them is what
    // makes a 10,000-row filter or sort cheap.
    if (m_rowsAreModelRows && !sourceParent.isValid() && column < MeasurementTableModel::ColumnCount) {
        return m_model->data(m_model->index(sourceRow, column), role);
    }
    const auto* source = sourceModel();
    return source ? source->index(sourceRow, column, sourceParent).data(role) : QVariant();
}

void MeasurementFilterModel::forgetSortKeys() const {
    m_keys.clear();
    m_keyColumn = -1;
}

const MeasurementFilterModel::SortKey& MeasurementFilterModel::sortKey(const QModelIndex& sourceIndex) const {
    if (sourceIndex.column() != m_keyColumn || sortRole() != m_keyRole) {
        m_keys.clear();
        m_keyColumn = sourceIndex.column();
        m_keyRole = sortRole();
    }
    const auto row = size_t(sourceIndex.row());
    if (row >= m_keys.size()) m_keys.resize(row + 1);
    auto& key = m_keys[row];
    if (!key) {
        const QVariant value = cell(sourceIndex.row(), sourceIndex.column(), sourceIndex.parent(), sortRole());
        key = SortKey{};
        key->empty = isEmptyCell(value);
        key->number = !key->empty && isNumber(value);
        if (key->number) {
            key->value = value.toDouble();
        } else if (!key->empty) {
            key->text = value.toString();
        }
    }
    return *key;
}

bool MeasurementFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (!sourceModel()) return true;
    const auto text = [&](int column) { return cell(sourceRow, column, sourceParent).toString(); };
    const auto matches = [&](const QString& wanted, int column) { return wanted.isEmpty() || text(column) == wanted; };
    if (!matches(m_family, MeasurementTableModel::Family) || !matches(m_phase, MeasurementTableModel::Phase) ||
        !matches(m_arm, MeasurementTableModel::Arm) || !matches(m_status, MeasurementTableModel::Status)) {
        return false;
    }
    if (m_text.isEmpty()) return true;
    for (const int column : kTextColumns) {
        if (text(column).contains(m_text, Qt::CaseInsensitive)) return true;
    }
    return false;
}

bool MeasurementFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    if (left.column() != right.column()) return QSortFilterProxyModel::lessThan(left, right);  // not a column sort
    // Both looked up once before either is held: a lookup may grow the cache.
    sortKey(left);
    sortKey(right);
    const SortKey& a = sortKey(left);
    const SortKey& b = sortKey(right);
    if (a.empty || b.empty) {
        if (a.empty == b.empty) return false;
        // Empty cells last in either order: for a descending sort the proxy asks lessThan(right, left).
        return sortOrder() == Qt::AscendingOrder ? b.empty : a.empty;
    }
    if (a.number && b.number) return a.value < b.value;
    const QString aText = a.number ? QString::number(a.value) : a.text;
    const QString bText = b.number ? QString::number(b.value) : b.text;
    return naturalCompare(aText, bText) < 0;  // "resnet18" before "resnet101"
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

QModelIndex MeasurementFilterModel::indexOfModelRow(int modelRow, int column) const {
    if (!m_model) return {};
    // Up the chain from the table model: collect the proxies top-down, then map bottom-up.
    std::vector<const QAbstractProxyModel*> chain;
    for (auto* model = sourceModel(); model != m_model;) {
        const auto* proxy = qobject_cast<const QAbstractProxyModel*>(model);
        if (!proxy) return {};
        chain.push_back(proxy);
        model = proxy->sourceModel();
    }
    QModelIndex index = m_model->index(modelRow, column);
    for (auto proxy = chain.rbegin(); proxy != chain.rend() && index.isValid(); ++proxy) {
        index = (*proxy)->mapFromSource(index);
    }
    return index.isValid() ? mapFromSource(index) : QModelIndex();
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
