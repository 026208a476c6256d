#pragma once
// The table view's window on MeasurementTableModel: sorts numeric columns as numbers (the model's
// SortRole) with empty cells last in either order, text columns in natural order ("resnet18" before
// "resnet101"), and keeps the rows that match the filter bar's family, phase, arm, status and free
// text. The charts stay on the table model itself: filtering the table never redraws them.
#include "results/Measurement.h"

#include <QSortFilterProxyModel>
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

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    void setFilter(QString& field, const QString& value);

    MeasurementTableModel* m_model = nullptr;
    QString m_family;
    QString m_phase;
    QString m_arm;
    QString m_status;
    QString m_text;
};

}  // namespace graphlens::ui
