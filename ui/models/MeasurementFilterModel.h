#pragma once
// The table view's window on MeasurementTableModel: sorts numeric columns as numbers (the model's
// SortRole) with empty cells last in either order, text columns in natural order ("resnet18" before
// "resnet101"), and keeps the rows that match the filter bar's family, phase, arm, status and free
// text. The charts stay on the table model itself: filtering the table never redraws them.
// Sized for 10,000 rows: a sort reads each row's value once (cached per column until the rows
// change), and cells are read straight from the table model when the proxies between only add
// columns.
#include "results/Measurement.h"

#include <QSortFilterProxyModel>
#include <optional>
#include <vector>

namespace graphlens::ui {

class MeasurementTableModel;

class MeasurementFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit MeasurementFilterModel(QObject* parent = nullptr);

    // A MeasurementTableModel, or a row-preserving proxy chain over one (the baseline's delta
    // columns); a source with no MeasurementTableModel under it leaves measurementAt() at nullptr.
    void setSourceModel(QAbstractItemModel* source) override;
    MeasurementTableModel* measurementModel() const { return m_model; }

    // Exact matches on the cell text the table shows (the Phase column's "train (step scope)" for a
    // training row); an empty value keeps every row.
    void setFamilyFilter(const QString& family);
    void setPhaseFilter(const QString& phase);
    void setArmFilter(const QString& arm);
    void setStatusFilter(const QString& status);
    // Case-insensitive substring of any text cell (family, phase, precision, arm, pass, status,
    // message) or the batch; empty keeps every row.
    void setTextFilter(const QString& text);

    QString familyFilter() const { return m_family; }
    QString phaseFilter() const { return m_phase; }
    QString armFilter() const { return m_arm; }
    QString statusFilter() const { return m_status; }
    QString textFilter() const { return m_text; }

    // The measurement behind a row of this proxy (a table index), or nullptr.
    const results::Measurement* measurementAt(const QModelIndex& proxyIndex) const;
    // The measurements behind the given proxy rows, in the order given (invalid rows skipped).
    std::vector<results::Measurement> measurementsAt(const QModelIndexList& proxyIndexes) const;
    // The other way: this proxy's index of a table-model row (invalid while it is filtered out).
    QModelIndex indexOfModelRow(int modelRow, int column = 0) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    struct SortKey {
        bool empty = true;
        bool number = false;
        double value = 0;
        QString text;
    };
    void setFilter(QString& field, const QString& value);
    // A source cell, from the table model directly when the rows are its rows.
    QVariant cell(int sourceRow, int column, const QModelIndex& sourceParent, int role = Qt::DisplayRole) const;
    const SortKey& sortKey(const QModelIndex& sourceIndex) const;
    void forgetSortKeys() const;

    MeasurementTableModel* m_model = nullptr;
    bool m_rowsAreModelRows = false;  // every proxy between is an identity proxy (adds columns at most)
    mutable int m_keyColumn = -1;
    mutable int m_keyRole = -1;
    mutable std::vector<std::optional<SortKey>> m_keys;  // by source row, for m_keyColumn and m_keyRole
    QString m_family;
    QString m_phase;
    QString m_arm;
    QString m_status;
    QString m_text;
};

}  // namespace graphlens::ui
