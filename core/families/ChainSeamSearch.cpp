#include "families/ChainSeamSearch.h"

#include <numeric>

namespace graphlens::families {
namespace {

struct Search {
    const TrySegment& trySegment;
    ChainSeamSearchResult& result;

    SegmentTrial run(std::size_t begin, std::size_t end) {
        auto outcome = trySegment(begin, end);
        result.trials.push_back({begin, end, outcome});
        return outcome;
    }

    // The largest end in (begin, limit) for which [begin, end) is capturable, given [begin, limit)
    // is not; begin itself (nothing) when even one link is not. Records why the first failing end failed.
    std::size_t longestFrom(std::size_t begin, std::size_t limit, std::string& failWhy) {
        std::size_t good = begin;  // [begin, good) known capturable (empty at first)
        std::size_t bad = limit;   // [begin, bad) known not
        while (bad - good > 1) {
            const std::size_t mid = good + (bad - good) / 2;
            const auto outcome = run(begin, mid);
            if (outcome.capturable) {
                good = mid;
            } else {
                bad = mid;
                failWhy = outcome.why;
            }
        }
        return good;
    }
};

// The whole chain, else the longest prefix; true when the whole chain captured.
bool searchPrefix(std::size_t links, Search& search, ChainSeamSearchResult& result) {
    const auto whole = search.run(0, links);
    if (whole.capturable) {
        result.wholeChain = true;
        result.begin = 0;
        result.end = links;
        return true;
    }
    std::string why = whole.why;
    const std::size_t prefixEnd = search.longestFrom(0, links, why);
    result.firstBrokenLink = prefixEnd;
    result.brokenWhy = why;
    if (prefixEnd > 0) {
        result.begin = 0;
        result.end = prefixEnd;
    }
    return false;
}

}  // namespace

ChainSeamSearchResult searchChainPrefix(std::size_t links, const TrySegment& trySegment) {
    ChainSeamSearchResult result;
    if (links == 0) return result;
    Search search{trySegment, result};
    (void)searchPrefix(links, search, result);
    return result;
}

ChainSeamSearchResult searchChainSeam(std::size_t links, const TrySegment& trySegment,
                                      const std::vector<double>& weights) {
    ChainSeamSearchResult result;
    if (links == 0) return result;
    Search search{trySegment, result};
    auto weightOf = [&](std::size_t begin, std::size_t end) {
        if (weights.size() != links) return static_cast<double>(end - begin);
        return std::accumulate(weights.begin() + static_cast<long>(begin), weights.begin() + static_cast<long>(end), 0.0);
    };

    if (searchPrefix(links, search, result)) return result;
    const std::size_t prefixEnd = *result.firstBrokenLink;
    // A segment after the broken link: it replaces more when the prefix is short or empty.
    const std::size_t after = prefixEnd + 1;
    if (after < links && weightOf(after, links) > weightOf(0, prefixEnd)) {
        const auto tail = search.run(after, links);
        std::size_t end = links;
        if (!tail.capturable) {
            std::string tailWhy = tail.why;
            end = search.longestFrom(after, links, tailWhy);
        }
        if (end > after && weightOf(after, end) > weightOf(0, prefixEnd)) {
            result.begin = after;
            result.end = end;
        }
    }
    return result;
}

}  // namespace graphlens::families
