#pragma once
// The minimum-cost one-to-one assignment between the rows and the columns of a cost matrix (the
// Hungarian matching of an encoder-decoder detector: queries against ground-truth boxes). Plain C++,
// no torch: the matcher builds the matrix on the device, copies it to the host once per image and
// solves it here.
#include <cstddef>
#include <vector>

namespace graphlens::families {

struct AssignedPair {
    std::size_t row = 0;
    std::size_t column = 0;
    bool operator==(const AssignedPair&) const = default;
};

// `costs` holds rows x columns values, row-major. Returns min(rows, columns) pairs, sorted by row,
// whose total cost is the least possible (scipy.optimize.linear_sum_assignment's answer; where
// several assignments tie, one of them). O(n^2 m) for n = min(rows, columns), m = max(...).
// Throws std::invalid_argument when the size does not match or a cost is not finite.
std::vector<AssignedPair> linearSumAssignment(const std::vector<double>& costs, std::size_t rows,
                                              std::size_t columns);

}  // namespace graphlens::families
