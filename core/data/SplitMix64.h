#pragma once
// A tiny generator with one fixed algorithm (SplitMix64), so a seed gives the same dataset and the
// same sample order on every platform; std distributions are implementation-defined and do not.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace graphlens::data {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [low, high] (inclusive); the modulo bias is irrelevant at these ranges.
    int uniform(int low, int high) {
        return low + static_cast<int>(next() % static_cast<std::uint64_t>(high - low + 1));
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

// 0..n-1 shuffled by Fisher-Yates from seed; the same seed always gives the same order.
inline std::vector<std::size_t> shuffledOrder(std::size_t n, std::uint64_t seed) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    SplitMix64 rng(seed);
    for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.next() % i]);
    return order;
}

}  // namespace graphlens::data
