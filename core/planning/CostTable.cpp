#include "planning/CostTable.h"

#include "planning/PoolModel.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace graphlens::planning {

CostTable::CostTable(std::vector<ShapeCost> costs) : costs_(std::move(costs)) {
    std::sort(costs_.begin(), costs_.end(), [](const ShapeCost& a, const ShapeCost& b) { return a.shape < b.shape; });
    for (std::size_t i = 0; i < costs_.size(); ++i) {
        const auto& cost = costs_[i];
        if (i > 0 && costs_[i - 1].shape == cost.shape) {
            throw std::invalid_argument("two costs for batch " + describe(cost.shape));
        }
        if (!(cost.eagerMs > 0) || (cost.graphedMs && !(*cost.graphedMs > 0))) {
            throw std::invalid_argument("batch " + describe(cost.shape) + ": step times must be positive");
        }
        if (cost.shape.batch < 1) throw std::invalid_argument("a cost for batch " + std::to_string(cost.shape.batch));
    }
}

const ShapeCost* CostTable::find(const RequestShape& shape) const {
    const auto it = std::lower_bound(costs_.begin(), costs_.end(), shape,
                                     [](const ShapeCost& cost, const RequestShape& s) { return cost.shape < s; });
    return it != costs_.end() && it->shape == shape ? &*it : nullptr;
}

std::vector<RequestShape> CostTable::graphable() const {
    std::vector<RequestShape> shapes;
    for (const auto& cost : costs_) {
        if (cost.graphable()) shapes.push_back(cost.shape);
    }
    return shapes;
}

bool CostTable::hasPooledIncrements() const {
    for (const auto& cost : costs_) {
        if (!cost.graphable()) continue;
        for (const auto& base : costs_) {
            if (&base == &cost || !base.graphable() || !capturedBefore(base, cost)) continue;
            if (!cost.incrementBeside(base.shape)) return false;
        }
    }
    return true;
}

double CostTable::memoryBeside(const ShapeCost& shape, const ShapeCost& base, bool* measured) const {
    if (&shape == &base) {
        if (measured) *measured = true;
        return *shape.poolMiB;
    }
    const auto increment = shape.incrementBeside(base.shape);
    if (measured) *measured = increment.has_value();
    return increment ? *increment : *shape.poolMiB;
}

std::optional<EagerCost> CostTable::eager(const RequestShape& shape) const {
    if (const auto* exact = find(shape)) return EagerCost{exact->eagerMs, false, true};
    // The measured sizes of this image size, in batch order (costs_ is sorted by shape).
    std::vector<const ShapeCost*> sizes;
    for (const auto& cost : costs_) {
        if (cost.shape.imgsz == shape.imgsz) sizes.push_back(&cost);
    }
    const auto above = std::find_if(sizes.begin(), sizes.end(), [&](const ShapeCost* c) { return c->shape.batch > shape.batch; });
    if (above == sizes.begin() || above == sizes.end()) return std::nullopt;  // outside the measured range
    const ShapeCost& low = **(above - 1);
    const ShapeCost& high = **above;
    const auto line = [&](int batch) {
        const double t = double(batch - low.shape.batch) / double(high.shape.batch - low.shape.batch);
        return low.eagerMs + t * (high.eagerMs - low.eagerMs);
    };
    // Straight there when the line predicts a measured size beyond the pair within 10%, on either side.
    bool safe = false;
    if (above + 1 != sizes.end()) {
        const ShapeCost& next = **(above + 1);
        safe = safe || std::abs(line(next.shape.batch) - next.eagerMs) <= 0.10 * next.eagerMs;
    }
    if (above - 1 != sizes.begin()) {
        const ShapeCost& previous = **(above - 2);
        safe = safe || std::abs(line(previous.shape.batch) - previous.eagerMs) <= 0.10 * previous.eagerMs;
    }
    return EagerCost{line(shape.batch), true, safe};
}

}  // namespace graphlens::planning
