#include "families/rtdetr/LinearSumAssignment.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::families {

namespace {

// Shortest augmenting paths with row and column potentials (the Hungarian method in its O(n^2 m)
// form) for n <= m: every row is added once and routed to a free column along the cheapest path in
// reduced costs, so after row i the first i rows are optimally assigned. Indices are 1-based;
// column 0 is the virtual start of each path.
std::vector<std::size_t> assignRowsToColumns(const std::vector<double>& cost, std::size_t n, std::size_t m) {
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    std::vector<double> rowPotential(n + 1, 0.0);
    std::vector<double> columnPotential(m + 1, 0.0);
    std::vector<std::size_t> rowOfColumn(m + 1, 0);  // 0: column free
    std::vector<std::size_t> previousColumn(m + 1, 0);
    for (std::size_t row = 1; row <= n; ++row) {
        rowOfColumn[0] = row;
        std::size_t column = 0;
        std::vector<double> slack(m + 1, kInfinity);
        std::vector<char> visited(m + 1, 0);
        do {
            visited[column] = 1;
            const std::size_t pathRow = rowOfColumn[column];
            double delta = kInfinity;
            std::size_t nextColumn = 0;
            for (std::size_t j = 1; j <= m; ++j) {
                if (visited[j]) continue;
                const double reduced = cost[(pathRow - 1) * m + (j - 1)] - rowPotential[pathRow] - columnPotential[j];
                if (reduced < slack[j]) {
                    slack[j] = reduced;
                    previousColumn[j] = column;
                }
                if (slack[j] < delta) {
                    delta = slack[j];
                    nextColumn = j;
                }
            }
            for (std::size_t j = 0; j <= m; ++j) {
                if (visited[j]) {
                    rowPotential[rowOfColumn[j]] += delta;
                    columnPotential[j] -= delta;
                } else {
                    slack[j] -= delta;
                }
            }
            column = nextColumn;
        } while (rowOfColumn[column] != 0);
        do {  // flip the path: each column on it takes the row of the column before it
            const std::size_t before = previousColumn[column];
            rowOfColumn[column] = rowOfColumn[before];
            column = before;
        } while (column != 0);
    }
    std::vector<std::size_t> columnOfRow(n, 0);
    for (std::size_t j = 1; j <= m; ++j) {
        if (rowOfColumn[j] != 0) columnOfRow[rowOfColumn[j] - 1] = j - 1;
    }
    return columnOfRow;
}

}  // namespace

std::vector<AssignedPair> linearSumAssignment(const std::vector<double>& costs, std::size_t rows,
                                              std::size_t columns) {
    if (costs.size() != rows * columns) {
        throw std::invalid_argument("linearSumAssignment: " + std::to_string(costs.size()) + " costs for a " +
                                    std::to_string(rows) + "x" + std::to_string(columns) + " matrix");
    }
    for (std::size_t i = 0; i < costs.size(); ++i) {
        if (!std::isfinite(costs[i])) {
            throw std::invalid_argument("linearSumAssignment: cost (" + std::to_string(i / columns) + ", " +
                                        std::to_string(i % columns) + ") is not finite");
        }
    }
    std::vector<AssignedPair> pairs;
    if (rows == 0 || columns == 0) return pairs;
    if (rows <= columns) {
        const auto columnOfRow = assignRowsToColumns(costs, rows, columns);
        for (std::size_t row = 0; row < rows; ++row) pairs.push_back({row, columnOfRow[row]});
        return pairs;
    }
    // More rows than columns (300 queries, a few boxes): solve the transpose, every column gets a row.
    std::vector<double> transposed(costs.size());
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < columns; ++c) transposed[c * rows + r] = costs[r * columns + c];
    }
    const auto rowOfColumn = assignRowsToColumns(transposed, columns, rows);
    for (std::size_t column = 0; column < columns; ++column) pairs.push_back({rowOfColumn[column], column});
    std::sort(pairs.begin(), pairs.end(), [](const AssignedPair& a, const AssignedPair& b) { return a.row < b.row; });
    return pairs;
}

}  // namespace graphlens::families
