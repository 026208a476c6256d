#pragma once
// Batches from a SampleSource: N worker threads decode into (pinned) host batches, a bounded
// prefetch queue, and non-blocking copies to the device on a dedicated CUDA stream, so the GPU step
// does not wait on decoding. The order is a function of the seed only (not of thread timing).
#include "data/DatasetError.h"
#include "data/SampleSource.h"

#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace graphlens::data {

struct LoaderOptions {
    int batchSize = 16;
    // Batch k is imageSizes[k % size()] square; more than one size gives variable-shape batches.
    std::vector<int> imageSizes{640};
    int workers = 2;
    int prefetchBatches = 4;  // host batches decoded ahead of the consumer, at most
    bool shuffle = true;      // a new permutation per epoch, from seed and epoch number
    std::uint64_t seed = 0;
    bool dropLast = true;     // false: the last batch of an epoch may be smaller
    int epochs = 1;           // 0: repeat forever
    torch::Device device = torch::kCPU;
    bool pinMemory = true;    // host batches in pinned memory (CUDA devices only)
    // Training augmentation (SampleSource::load with SampleAugmentation), seeded per sample from
    // (seed, epoch, sample index): the same options give the same batches whatever the thread timing.
    bool augment = false;
};

struct LoadedBatch {
    std::int64_t index = 0;  // counts from 0 over all epochs
    int epoch = 0;
    torch::Tensor images;    // uint8 [B, 3, S, S] RGB on options.device, ready on the current stream
    torch::Tensor boxes;     // float [N, 6]: image in batch, class, cx, cy, w, h (normalised to S)
    torch::Tensor classes;   // int64 [B]; -1 where the source has no class
    torch::Tensor masks;     // uint8 [B, S, S] segmentation labels (data/SegmentationMask.h); undefined without masks
    torch::Tensor hostImages;  // the host copy (pinned for CUDA); the same tensor as images on the CPU
    std::vector<std::size_t> samples;  // source indices, in batch order
};

class DataLoader {
public:
    // Throws std::invalid_argument for impossible options, DatasetError when the source cannot fill
    // one batch. warnings receives one line per image skipped at load time (from worker threads).
    DataLoader(std::shared_ptr<const SampleSource> source, LoaderOptions options, WarningSink warnings = {});
    ~DataLoader();
    DataLoader(const DataLoader&) = delete;
    DataLoader& operator=(const DataLoader&) = delete;

    // The next batch, or nothing after the last epoch. For CUDA the images are being copied on the
    // loader's stream; the current stream waits for that copy, so they can be used right away.
    // Rethrows a worker's error (DatasetError when every image is broken).
    std::optional<LoadedBatch> next();

    std::int64_t batchesPerEpoch() const;
    int skippedImages() const;  // distinct images skipped so far

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace graphlens::data
