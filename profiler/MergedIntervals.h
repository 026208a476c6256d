#pragma once
// Sorted, disjoint intervals and the one question unionLength (Intervals.h) cannot answer: how much of
// one set lies inside another (the saved-time attribution clips copies and synchronizations to the
// part of a step outside its captured region).
#include "profiler/Intervals.h"

#include <cstdint>
#include <vector>

namespace graphlens::profiler {

// Sorted by start, overlapping and touching intervals joined, empty ones (second <= first) dropped.
std::vector<Interval> mergeIntervals(std::vector<Interval> intervals);

// Total length of merged intervals.
uint64_t totalLength(const std::vector<Interval>& merged);

// Length of the intersection of two merged sets.
uint64_t overlapLength(const std::vector<Interval>& a, const std::vector<Interval>& b);

}  // namespace graphlens::profiler
