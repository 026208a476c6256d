#pragma once
// The table's rows with the baseline beside them: a proxy over MeasurementTableModel that appends
// "Baseline median (ms)", "Δ median %" and "Δ speedup" while a baseline is set (and has no extra
// columns otherwise, so the table's own column numbers never move). Cells are blank where no
// baseline row matches. "Now" is always the session shown: Δ median % = 100 × (now − baseline) /
// baseline (negative: faster now); Δ speedup reads "2.10× → 4.51× (+2.41)", baseline → now and
// their difference in points of × (positive: graphs gain more now). Values come from the source
// model's rows and the Baseline's matcher; nothing here reads a file.
#include <QIdentityProxyModel>

namespace graphlens::results {
struct Measurement;
}

namespace graphlens::ui {

class Baseline;
class MeasurementTableModel;

class BaselineDeltaProxy : public QIdentityProxyModel {
    Q_OBJECT
public:
    enum ExtraColumn { BaselineMedian, DeltaMedianPct, DeltaSpeedup, ExtraColumnCount };

    explicit BaselineDeltaProxy(QObject* parent = nullptr);

    // The source must be a MeasurementTableModel (its rows are what the deltas are computed from).
    void setSourceModel(QAbstractItemModel* source) override;
    void setBaseline(const Baseline* baseline);

    // This proxy's column of an extra column, or -1 while no baseline is set.
    int columnOf(ExtraColumn extra) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex& index) const override;
    QModelIndex buddy(const QModelIndex& index) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    int sourceColumns() const;
    int extraOf(int column) const;  // ExtraColumn of a proxy column, -1 for a source column
    void onBaselineChanged();
    QVariant extraData(const results::Measurement& row, int extra, int role) const;

    const MeasurementTableModel* m_measurements = nullptr;
    const Baseline* m_baseline = nullptr;
    bool m_shown = false;  // the extra columns exist (a baseline is set)
};

}  // namespace graphlens::ui
