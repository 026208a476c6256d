#include "ui/plan/BaselineTableModel.h"

#include "ui/plan/PlanText.h"

#include "planning/CapturePlanner.h"

#include <utility>

namespace graphlens::ui {

BaselineTableModel::BaselineTableModel(QObject* parent) : QAbstractTableModel(parent) {}

BaselineTableModel::~BaselineTableModel() = default;

void BaselineTableModel::resetData(std::vector<planning::Baseline> baselines) {
    beginResetModel();
    m_baselines = std::move(baselines);
    endResetModel();
}

int BaselineTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_baselines.size());
}

int BaselineTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BaselineTableModel::display(const planning::Baseline& baseline, int column) const {
    const auto& figures = baseline.figures;
    switch (column) {
        case Name:
            return plantext::fromStd(baseline.name);
        case Captured:
            return plantext::shapes(figures.captured);
        case Mean:
            return plantext::milliseconds(figures.meanMs);
        case P99:
            return plantext::milliseconds(figures.p99Ms);
        case Pool:
            return plantext::pool(figures);
        case Fits:
            return baseline.fitsBudget ? tr("yes") : tr("no");
        case Unmeasured: {
            QStringList sizes;
            for (const auto& size : baseline.unmeasured) sizes << plantext::fromStd(size);
            return sizes.join(QStringLiteral(", "));
        }
        default:
            return {};
    }
}

QVariant BaselineTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const auto& baseline = m_baselines[size_t(index.row())];
    if (role == Qt::DisplayRole) return display(baseline, index.column());
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == Mean || index.column() == P99 || index.column() == Pool;
        return QVariant::fromValue(
            Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == Unmeasured && !baseline.unmeasured.empty())
            return tr(
                "Sizes of this list with no measured graph, left out of it: measure them to compare the "
                "whole list");
        if (index.column() == Pool && baseline.figures.poolIsUpperBound)
            return tr("The sum of single-shape pools: the session holds no pooled-capture measurement");
    }
    return {};
}

QVariant BaselineTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Name:
            return tr("Baseline list");
        case Captured:
            return tr("Captured sizes");
        case Mean:
            return tr("Mean");
        case P99:
            return tr("p99");
        case Pool:
            return tr("Pool");
        case Fits:
            return tr("Fits budget");
        case Unmeasured:
            return tr("Not measured");
        default:
            return {};
    }
}

}  // namespace graphlens::ui
