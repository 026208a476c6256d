#pragma once
// A network whose forward is a chain of submodule calls (most traced vision models: stem, stages,
// neck, head): the seam search (core/bench/SeamSearch.h) looks along it for the largest part that can
// be captured, and the parity bisection for the first link whose replayed output differs. A chain is a
// claim like a seam declaration: runLinks over every link must equal the network's forward bit for bit
// on the probes, which the search checks before it trusts the chain.
#include "families/InferenceSeam.h"

#include <ATen/core/ivalue.h>
#include <torch/nn/modules/container/any.h>
#include <torch/types.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::families {

struct ModuleChain;

struct ChainLink {
    std::string name;  // the module path ("model.3", "head")
    std::function<c10::IValue(const c10::IValue& input)> forward;
    // The link's own submodules as a chain, for a bisection that descends into the link (names relative
    // to the link: "cv2", "0"); empty, or nothing returned: a leaf. Like the chain, a claim its user checks.
    std::function<std::optional<ModuleChain>()> children;
};

struct ModuleChain {
    std::vector<ChainLink> links;

    std::size_t size() const { return links.size(); }
    // Links [begin, end) in order on `input`.
    c10::IValue run(const c10::IValue& input, std::size_t begin, std::size_t end) const;
    // "after model.3, before model.4"; "before model.0" for 0, "after the last link" for size().
    std::string pointAfter(std::size_t link) const;
};

// The split that captures links [begin, end) and runs the rest eagerly: links before `begin` run
// eagerly before the graph (InferenceSeam::head, which must give one tensor), links from `end` after it.
InferenceSeam segmentSeam(const ModuleChain& chain, std::size_t begin, std::size_t end);

// A TorchScript network's top-level submodules in their registration order, each called through its
// own forward, and each link's children the same way below it. Nothing when the network is not a
// TorchScript module or has fewer than two children with a forward. Whether they really chain is
// checked by the caller, on the device.
std::optional<ModuleChain> torchScriptChain(torch::nn::AnyModule& network);

}  // namespace graphlens::families
