#pragma once
// The capture plan's baselines as a table (the plan's comparisons: no graphs, every measured size,
// powers of two, a vLLM-style list): what each list costs for the mix, whether its pool fits the
// budget, and which of its sizes have no measured graph (left out of it).
#include <QAbstractTableModel>

#include <vector>

namespace graphlens::planning {
struct Baseline;  // only declared: moc cannot parse the <compare> of core/planning's headers
}

namespace graphlens::ui {

class BaselineTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Captured, Mean, P99, Pool, Fits, Unmeasured, ColumnCount };

    explicit BaselineTableModel(QObject* parent = nullptr);
    ~BaselineTableModel() override;  // where planning::Baseline is complete

    void resetData(std::vector<planning::Baseline> baselines);
    const std::vector<planning::Baseline>& baselines() const { return m_baselines; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const planning::Baseline& baseline, int column) const;

    std::vector<planning::Baseline> m_baselines;
};

}  // namespace graphlens::ui
