#pragma once
// A training checkpoint: model (parameters and buffers), optimizer state, gradient scaler, the
// position in the run (epoch, optimizer step) and what it belongs to (family, optimizer, precision),
// so resuming gives the same next step as not stopping. Written to a temporary file beside the
// target and renamed: a kill mid-save leaves the previous checkpoint intact.
#include "train/CapturableOptimizer.h"
#include "train/GradientScaler.h"

#include <torch/nn/module.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace graphlens::train {

// Not a GraphLens checkpoint, truncated, or for another family/optimizer/shape. The message names
// the file and what is wrong.
class CheckpointError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct CheckpointInfo {
    std::string family;
    std::string optimizer;   // "sgd", "adamw"
    std::string precision;   // "fp32", "amp-fp16", "amp-bf16"
    int epoch = 0;                 // epochs completed
    std::int64_t optimizerSteps = 0;  // optimizer steps taken (the schedule's position)
    std::uint64_t seed = 0;
    // The run's planned --epochs: the schedule's length. 0 in a checkpoint written before it was
    // recorded. Resuming with another count changes the learning rate of every later step.
    int plannedEpochs = 0;
};

void saveCheckpoint(const std::filesystem::path& path, const CheckpointInfo& info, const torch::nn::Module& model,
                    const CapturableOptimizer& optimizer, const GradientScaler& scaler);

// Reads the header only (for messages and for checking what a file is). Throws CheckpointError.
CheckpointInfo readCheckpointInfo(const std::filesystem::path& path);

// Fills model, optimizer and scaler in place (copy_: same storage, devices and dtypes they have
// now; the values are converted). Throws CheckpointError when the file is not GraphLens's, is
// truncated, or its family (expected.family), optimizer (optimizer.name(), and expected.optimizer
// unless empty), parameter/buffer names or any tensor's shape differ; everything is read and checked
// before the first copy, so nothing is changed then. Precision is not checked (a run may switch).
// Returns the file's info.
CheckpointInfo loadCheckpoint(const std::filesystem::path& path, const CheckpointInfo& expected, torch::nn::Module& model,
                              CapturableOptimizer& optimizer, GradientScaler& scaler);

}  // namespace graphlens::train
