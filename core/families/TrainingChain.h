#pragma once
// A network's training forward as a chain of submodule calls, some of which read the step's targets
// (rtdetr-r18's decoder side builds its denoising queries from the batch's ground truth). The training
// seam search (core/bench/TrainingSeamFinder.h) looks along it for the longest prefix whose forward
// and backward capture in `network` scope with the training parity check passing; the split of a
// prefix is a TrainingSeam found at run time. Like ModuleChain, a chain is a claim: its links in order
// must give the family's training forward bit for bit, which the search checks before trusting it.
#include "families/TrainingSeam.h"

#include <ATen/core/ivalue.h>
#include <torch/nn/module.h>
#include <torch/types.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace graphlens::families {

struct TrainingChainLink {
    std::string name;                        // the module path ("encoderSide.backbone")
    std::shared_ptr<torch::nn::Module> module;  // its parameters and buffers
    bool readsTargets = false;               // its forward reads the step's targets
    // input: the previous link's output (the images for the first link), a tensor or a tuple of
    // tensors; targets: the step's training targets (Family::trainingTargets).
    std::function<c10::IValue(const c10::IValue& input, const torch::Tensor& targets)> forward;
};

struct TrainingChain {
    std::vector<TrainingChainLink> links;

    std::size_t size() const { return links.size(); }
    // Links [begin, end) in order.
    c10::IValue run(const c10::IValue& input, const torch::Tensor& targets, std::size_t begin, std::size_t end) const;
    // "after encoderSide.encoder, before decoderSide"; "after X (the last link)" for size().
    std::string pointAfter(std::size_t link) const;
};

// The training split that captures links [0, end) and runs the rest eagerly with the targets. Its
// captured module holds the prefix's modules (their parameters get their gradients from the graph).
// A prefix that takes in a link reading the targets gets them through TrainingSeam::giveTargets: no
// graph input holds them, so a graph keeps what it read at capture (or refuses the host work that
// reading them takes), which is what the trial's parity check is there to find.
TrainingSeam trainingPrefixSeam(const TrainingChain& chain, std::size_t end);

}  // namespace graphlens::families
