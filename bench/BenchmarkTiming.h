#pragma once
// What every benchmark in bench/ shares: the median of a hand-written step loop (the step, then a
// synchronize of the current stream, on the host clock) and a quiet event sink for sweeps run
// inside a benchmark. Header-only: each benchmark is one executable.
#include "bench/SweepEvents.h"
#include "results/Statistics.h"

#include <c10/cuda/CUDAStream.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace graphlens::benchmarks {

template <typename Step>
double medianStepMs(Step step, int warmup, int steps) {
    auto stream = c10::cuda::getCurrentCUDAStream();
    for (int i = 0; i < warmup; ++i) step();
    stream.synchronize();
    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(steps));
    for (int i = 0; i < steps; ++i) {
        const auto started = std::chrono::steady_clock::now();
        step();
        stream.synchronize();
        samples.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
    }
    return results::median(samples);
}

// Warnings go to stderr; everything else a sweep says is dropped.
struct QuietSweepEvents : bench::SweepEvents {
    void progress(int, int, const std::string&, double) override {}
    void measurement(const results::Measurement&) override {}
    void log(const std::string&) override {}
    void warning(const std::string& text) override { std::fprintf(stderr, "warning: %s\n", text.c_str()); }
};

}  // namespace graphlens::benchmarks
