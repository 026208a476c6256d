#pragma once
// A named architecture: task, default size, a seeded builder and its graph support declarations.
#include "families/GraphSupport.h"
#include "families/ImageSizeRule.h"
#include "families/InferencePostprocess.h"
#include "families/InferenceSeam.h"
#include "families/ModuleChain.h"
#include "families/TrainingChain.h"
#include "families/TrainingLabels.h"
#include "families/TrainingLoss.h"
#include "families/TrainingSeam.h"

#include <torch/nn/modules/container/any.h>
#include <torch/utils.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace graphlens::families {

struct Family {
    std::string name;
    std::string task;       // classify, detect, segment, other
    int defaultImgsz = 224;
    int numClasses = 1000;
    // The sizes the network takes (ImageSizeRule.h); checked before a sweep, verify or training runs.
    ImageSizeRule imageSizes;
    // The batch the checks on load feed (the probe forward, the parity check): 2 unless the network
    // takes another only (a package compiled for one batch).
    int probeBatch = 2;
    GraphSupport inference;
    TrainingGraphSupport training;
    // Empty for a built-in family. For a user model: the TorchScript file it was loaded from; its
    // graph support is then not declared but decided by the parity check on load (DESIGN §3).
    std::string source;
    std::string jit;  // TorchScript families: "fuse" or "off" (how forward runs); empty for built-ins
    // Same seed, same weights: runs and processes compare like with like.
    std::function<torch::nn::AnyModule(std::uint64_t seed)> build;
    // What a predict call does after the network (the `postprocess` phase, eager in both arms):
    // classify = softmax + top-5, FOMO = its centroid decode. Empty: the family has none.
    std::function<c10::IValue(const c10::IValue& networkOutput)> postprocess;
    // `seam` families: the split of a built network (captured part + eager rest).
    std::function<std::optional<InferenceSeam>(torch::nn::AnyModule& network)> inferenceSeam;
    // The network as a chain of submodule calls (ModuleChain.h), for the seam search and the bisection
    // of a replay mismatch. TorchScript families: their top-level children. Empty: not a chain.
    std::function<std::optional<ModuleChain>(torch::nn::AnyModule& network)> moduleChain;
    // Families whose training declaration names a seam: the split of a built network (training
    // mode). Every training step of such a family, eager or graphed, runs the split.
    std::function<std::optional<TrainingSeam>(torch::nn::AnyModule& network)> trainingSeam;
    // The training forward as a chain of submodule calls (TrainingChain.h), for the training seam
    // search (`verify --training --find-seam`). Empty: not described as a chain.
    std::function<std::optional<TrainingChain>(torch::nn::AnyModule& network)> trainingChain;
    // Training: the targets the loss reads, built eagerly from a loader batch in a shape fixed by the
    // batch size (a whole-step graph holds them as a static input), then the loss from the network
    // output and those targets in tensor ops only (so `step` scope can capture it). Empty: the
    // family cannot be trained.
    std::function<torch::Tensor(const TrainingLabels& labels, std::int64_t batch, int imgsz)> trainingTargets;
    std::function<torch::Tensor(const c10::IValue& output, const torch::Tensor& targets)> loss;
    // The per-epoch validation metric a training run reports: "top-1" (classify), "centroid-f1"
    // (FOMO), "mIoU" (segment); empty when the family has none yet.
    std::string validationMetric;
    // The same family with its head sized for a dataset of this many classes (a segmenter adds the
    // background label); a training run uses it. Empty: the head stays as registered.
    std::function<Family(int datasetClasses)> withDatasetClasses = {};
};

std::int64_t parameterCount(const torch::nn::Module& module);

// A built-in family whose whole network is captured at inference and whose whole training step
// (cross-entropy for classifiers) is captured in training. ModuleHolder is the TORCH_MODULE type, built with numClasses
// after seeding, so one seed always gives the same weights.
template <typename ModuleHolder>
Family makeWholeGraphFamily(std::string name, std::string task, int defaultImgsz, int numClasses) {
    Family family;
    family.name = std::move(name);
    family.task = std::move(task);
    family.defaultImgsz = defaultImgsz;
    family.numClasses = numClasses;
    family.inference = {GraphSupportKind::Whole, ""};
    family.training = {TrainingGraphScope::Step, ""};
    family.build = [numClasses](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(ModuleHolder(numClasses));
    };
    if (family.task == "classify") {
        family.postprocess = classifyTop5;
        family.trainingTargets = classifyTrainingTargets;
        family.loss = crossEntropyLoss;
        family.validationMetric = "top-1";
    }
    return family;
}

}  // namespace graphlens::families
