#include "planning/PoolModel.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace graphlens::planning {
namespace {

const ShapeCost& graphableCost(const CostTable& table, const RequestShape& shape) {
    const auto* cost = table.find(shape);
    if (!cost || !cost->graphable()) throw std::invalid_argument("batch " + describe(shape) + " has no measured graph");
    return *cost;
}

}  // namespace

bool capturedBefore(const ShapeCost& a, const ShapeCost& b) {
    return std::make_tuple(a.poolMiB.value_or(0), a.shape.imgsz, a.shape.batch) >
           std::make_tuple(b.poolMiB.value_or(0), b.shape.imgsz, b.shape.batch);
}

std::vector<RequestShape> captureOrder(const CostTable& table, std::vector<RequestShape> set) {
    std::sort(set.begin(), set.end(), [&](const RequestShape& a, const RequestShape& b) {
        return capturedBefore(graphableCost(table, a), graphableCost(table, b));
    });
    return set;
}

double pooledMiB(const CostTable& table, const std::vector<RequestShape>& set, bool* upperBound) {
    const auto ordered = captureOrder(table, set);
    double total = 0;
    bool allMeasured = true;
    for (const auto& shape : ordered) {
        bool measured = true;
        total += table.memoryBeside(graphableCost(table, shape), graphableCost(table, ordered.front()), &measured);
        allMeasured = allMeasured && measured;
    }
    if (upperBound) *upperBound = !allMeasured;
    return total;
}

}  // namespace graphlens::planning
