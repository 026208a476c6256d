#pragma once
// Where a sweep's batch comes from: real images of a dataset (a YOLO YAML, an ImageFolder, or the
// built-in generated dataset), decoded and resized once per batch size and kept on the device, so
// every timed step sees the same real batch. Builds without dataset support (lean GPU-server
// bundles, GRAPHLENS_WITH_DATASETS=OFF) fall back to a synthetic image-like batch and say so.
#include "bench/SweepEvents.h"

#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <string>

namespace graphlens::bench {

class BenchmarkBatch {
public:
    // Opens and validates the dataset before any GPU work. Throws UsageError naming the file.
    BenchmarkBatch(const std::string& data, const std::string& task, std::uint64_t seed, SweepEvents& events);
    ~BenchmarkBatch();

    // Normalised float batch [batch, 3, imgsz, imgsz] in dtype on device; images repeat when the
    // split has fewer than `batch`.
    torch::Tensor make(int batch, int imgsz, torch::Dtype dtype, torch::Device device) const;
    const std::string& description() const { return description_; }

private:
    struct Source;
    std::unique_ptr<Source> source_;
    std::string task_;
    std::uint64_t seed_;
    std::string description_;
};

}  // namespace graphlens::bench
