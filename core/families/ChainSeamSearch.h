#pragma once
// The search for the largest part of a module chain that can be graphed (capture forensics): given a
// trial that captures links [begin, end) and checks the replay against eager on both probes, find the
// longest capturable prefix by bisection (a prefix that holds a broken link breaks, so capturability
// falls once along the prefixes), and where the prefix stops early, the longest segment after the
// first broken link; keep whichever replaces more eager time. Plain logic over indices: the engine
// (core/bench/SeamFinder.h) supplies the trial, tests a fake one.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::families {

struct SegmentTrial {
    bool capturable = false;  // captured, and the replay equals eager bit for bit on both probes
    std::string why;          // when not: what the check said
};

struct SegmentTrialLog {
    std::size_t begin = 0, end = 0;
    SegmentTrial outcome;
};

struct ChainSeamSearchResult {
    bool wholeChain = false;           // every link captured together
    std::optional<std::size_t> begin;  // the chosen segment [begin, end), when one was found
    std::optional<std::size_t> end;
    std::optional<std::size_t> firstBrokenLink;  // the first link no prefix could take in
    std::string brokenWhy;                       // what the trial said when it took that link in
    std::vector<SegmentTrialLog> trials;         // in the order they ran
};

using TrySegment = std::function<SegmentTrial(std::size_t begin, std::size_t end)>;

// `weights`: each link's eager time (or any measure of what capturing it saves); empty: 1 per link.
ChainSeamSearchResult searchChainSeam(std::size_t links, const TrySegment& trySegment,
                                      const std::vector<double>& weights = {});

// Prefixes only, for splits that can capture only the start of a chain (a training seam: the captured
// part, then the eager rest): the whole chain, else the longest capturable prefix [0, end) by bisection.
ChainSeamSearchResult searchChainPrefix(std::size_t links, const TrySegment& trySegment);

}  // namespace graphlens::families
