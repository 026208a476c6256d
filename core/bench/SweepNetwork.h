#pragma once
// What the timed pass and the profiled pass (two processes) must build identically, so the profiled
// rows describe the network and batch that were timed: the calibrated network, the capture warm-up
// a family needs, and the batch as a predict call gets it.
#include "bench/BenchmarkBatch.h"
#include "families/Family.h"

#include <torch/nn/modules/container/any.h>
#include <torch/types.h>

#include <cstdint>

namespace graphlens::bench {

// family.build(seed) on `device`, BatchNorm calibrated on the parity probes in fp32 (as verify does,
// so the parity check before timing is verify's protocol on this very network), then cast to dtype.
torch::nn::AnyModule buildSweepNetwork(const families::Family& family, std::uint64_t seed, int imgsz,
                                       torch::Device device, torch::Dtype dtype);

// Warm-up runs on the capture stream before capturing: a TorchScript module run by its executor
// (`fuse`) profiles, then optimises on its first calls of a shape, and the capture must record the
// optimised plan. Also the eager warm-up of the parity reference.
int captureWarmupIterations(const families::Family& family);

// The decoded batch (the dataset's, or synthetic when `batches` is null) on the host in `format`,
// pinned when `pin` (a CUDA run), so the data phase is an asynchronous host-to-device copy.
torch::Tensor makeHostBatch(const BenchmarkBatch* batches, int batch, int imgsz, torch::Dtype dtype,
                            std::uint64_t seed, at::MemoryFormat format, bool pin);

}  // namespace graphlens::bench
