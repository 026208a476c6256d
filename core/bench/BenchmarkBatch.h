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

// One training batch as the loader delivers it, on the host: uint8 images, the image's class (-1
// where there is none) and the boxes (image in batch, class, cx, cy, w, h; normalised).
struct HostTrainingBatch {
    torch::Tensor images;   // uint8 [batch, 3, imgsz, imgsz]; pinned when asked
    torch::Tensor classes;  // int64 [batch]
    torch::Tensor boxes;    // float [N, 6]
    torch::Tensor masks;    // uint8 [batch, imgsz, imgsz] segmentation labels; undefined unless task segment
};

class BenchmarkBatch {
public:
    // Opens and validates the dataset before any GPU work. Throws UsageError naming the file.
    BenchmarkBatch(const std::string& data, const std::string& task, std::uint64_t seed, SweepEvents& events);
    ~BenchmarkBatch();

    // Normalised float batch [batch, 3, imgsz, imgsz] in dtype on device; images repeat when the
    // split has fewer than `batch`.
    torch::Tensor make(int batch, int imgsz, torch::Dtype dtype, torch::Device device) const;
    // The training step's batch: the train split (val when there is none), labels included.
    // Throws std::runtime_error naming the file when no image decodes, and in a build without
    // datasets (training needs labels).
    HostTrainingBatch makeTraining(int batch, int imgsz, bool pin) const;
    const std::string& description() const { return description_; }

private:
    struct Source;
    std::unique_ptr<Source> source_;  // null in a build without datasets
    std::string task_;
    std::uint64_t seed_;
    std::string description_;
};

}  // namespace graphlens::bench
