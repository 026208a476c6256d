// The Hungarian matching's solver against a brute force over every permutation (small matrices) and
// against scipy.optimize.linear_sum_assignment (tests/fixtures/scipy_assignment.py).
#include "families/rtdetr/LinearSumAssignment.h"

#include "PythonReferenceOrSkip.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>

using graphlens::families::AssignedPair;
using graphlens::families::linearSumAssignment;

namespace {

double totalCost(const std::vector<double>& costs, std::size_t columns, const std::vector<AssignedPair>& pairs) {
    double total = 0;
    for (const auto& pair : pairs) total += costs[pair.row * columns + pair.column];
    return total;
}

// The least total over every way of giving each of the smaller side's items a distinct partner.
double bruteForceMinimum(const std::vector<double>& costs, std::size_t rows, std::size_t columns) {
    const bool wide = rows <= columns;
    const std::size_t small = wide ? rows : columns;
    const std::size_t large = wide ? columns : rows;
    std::vector<std::size_t> partner(large);
    std::iota(partner.begin(), partner.end(), 0);
    double best = std::numeric_limits<double>::infinity();
    do {  // every permutation of the larger side; its first `small` entries are the partners
        double total = 0;
        for (std::size_t i = 0; i < small; ++i) {
            total += wide ? costs[i * columns + partner[i]] : costs[partner[i] * columns + i];
        }
        best = std::min(best, total);
    } while (std::next_permutation(partner.begin(), partner.end()));
    return best;
}

void checkIsMatching(const std::vector<AssignedPair>& pairs, std::size_t rows, std::size_t columns) {
    REQUIRE(pairs.size() == std::min(rows, columns));
    std::set<std::size_t> usedRows;
    std::set<std::size_t> usedColumns;
    for (const auto& pair : pairs) {
        CHECK(pair.row < rows);
        CHECK(pair.column < columns);
        usedRows.insert(pair.row);
        usedColumns.insert(pair.column);
    }
    CHECK(usedRows.size() == pairs.size());
    CHECK(usedColumns.size() == pairs.size());
    CHECK(std::is_sorted(pairs.begin(), pairs.end(),
                         [](const AssignedPair& a, const AssignedPair& b) { return a.row < b.row; }));
}

std::vector<double> toVector(const torch::Tensor& tensor) {
    const auto contiguous = tensor.to(torch::kFloat64).contiguous();
    return {contiguous.data_ptr<double>(), contiguous.data_ptr<double>() + contiguous.numel()};
}

}  // namespace

TEST_CASE("linearSumAssignment reaches the brute-force minimum on small square, wide and tall matrices",
          "[rtdetr][matching]") {
    std::mt19937 random(7);
    std::uniform_int_distribution<int> integer(0, 5);  // small integers: many ties
    std::uniform_real_distribution<double> real(-3.0, 3.0);
    for (const auto [rows, columns] : {std::pair<std::size_t, std::size_t>{1, 1}, {2, 2}, {3, 3}, {4, 4}, {6, 6},
                                      {2, 5}, {5, 2}, {3, 7}, {7, 3}, {1, 6}, {6, 1}}) {
        for (int draw = 0; draw < 20; ++draw) {
            std::vector<double> costs(rows * columns);
            for (auto& cost : costs) cost = draw % 2 ? integer(random) : real(random);
            const auto pairs = linearSumAssignment(costs, rows, columns);
            checkIsMatching(pairs, rows, columns);
            CHECK(totalCost(costs, columns, pairs) ==
                  Approx(bruteForceMinimum(costs, rows, columns)).margin(1e-12));
        }
    }
}

TEST_CASE("linearSumAssignment gives scipy's assignment on random cost matrices", "[rtdetr][matching]") {
    const auto reference = graphlens::testing::referenceOrSkip("scipy_assignment.py", {});
    if (!reference) GRAPHLENS_SKIP_MISSING_REFERENCE(reference.missing);
    using graphlens::testing::tensorNamed;
    const auto count = tensorNamed(*reference, "count").item<int64_t>();
    for (int64_t index = 0; index < count; ++index) {
        const auto cost = tensorNamed(*reference, "cost" + std::to_string(index));
        const auto rows = static_cast<std::size_t>(cost.size(0));
        const auto columns = static_cast<std::size_t>(cost.size(1));
        INFO(rows << "x" << columns);
        const auto pairs = linearSumAssignment(toVector(cost), rows, columns);
        checkIsMatching(pairs, rows, columns);
        const auto scipyRows = tensorNamed(*reference, "rows" + std::to_string(index));
        const auto scipyColumns = tensorNamed(*reference, "columns" + std::to_string(index));
        REQUIRE(static_cast<std::size_t>(scipyRows.numel()) == pairs.size());
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            CHECK(pairs[i].row == static_cast<std::size_t>(scipyRows[static_cast<int64_t>(i)].item<int64_t>()));
            CHECK(pairs[i].column == static_cast<std::size_t>(scipyColumns[static_cast<int64_t>(i)].item<int64_t>()));
        }
    }
    const auto ties = tensorNamed(*reference, "tiesCost");
    const auto pairs = linearSumAssignment(toVector(ties), 30, 20);
    checkIsMatching(pairs, 30, 20);
    CHECK(totalCost(toVector(ties), 20, pairs) == tensorNamed(*reference, "tiesTotal").item<double>());
}

TEST_CASE("linearSumAssignment: empty matrices, a wrong size and non-finite costs", "[rtdetr][matching]") {
    CHECK(linearSumAssignment({}, 0, 5).empty());
    CHECK(linearSumAssignment({}, 300, 0).empty());
    CHECK_THROWS_WITH(linearSumAssignment({1.0, 2.0, 3.0}, 2, 2), Catch::Contains("3 costs for a 2x2 matrix"));
    CHECK_THROWS_WITH(linearSumAssignment({1.0, std::numeric_limits<double>::quiet_NaN(), 3.0, 4.0}, 2, 2),
                      Catch::Contains("cost (0, 1) is not finite"));
    CHECK_THROWS_WITH(linearSumAssignment({1.0, 2.0, std::numeric_limits<double>::infinity(), 4.0}, 2, 2),
                      Catch::Contains("cost (1, 0) is not finite"));
}
