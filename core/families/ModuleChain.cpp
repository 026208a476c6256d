#include "families/ModuleChain.h"

#include "families/TorchScriptModule.h"

#include <stdexcept>

namespace graphlens::families {

c10::IValue ModuleChain::run(const c10::IValue& input, std::size_t begin, std::size_t end) const {
    c10::IValue value = input;
    for (std::size_t i = begin; i < end && i < links.size(); ++i) value = links[i].forward(value);
    return value;
}

std::string ModuleChain::pointAfter(std::size_t link) const {
    if (links.empty()) return "an empty chain";
    if (link == 0) return "before " + links.front().name;
    if (link >= links.size()) return "after " + links.back().name + " (the last link)";
    return "after " + links[link - 1].name + ", before " + links[link].name;
}

InferenceSeam segmentSeam(const ModuleChain& chain, std::size_t begin, std::size_t end) {
    if (begin >= end || end > chain.size()) throw std::invalid_argument("segmentSeam: an empty or too long segment");
    InferenceSeam seam;
    if (begin > 0) {
        seam.head = [chain, begin](const torch::Tensor& batch) {
            const auto out = chain.run(batch, 0, begin);
            if (!out.isTensor()) {
                throw std::runtime_error("the eager part before " + chain.links[begin].name +
                                         " does not give one tensor, so a graph cannot start there");
            }
            return out.toTensor();
        };
    }
    seam.captured = [chain, begin, end](const torch::Tensor& input) { return chain.run(input, begin, end); };
    seam.rest = [chain, end](const c10::IValue& out, const torch::Tensor&) { return chain.run(out, end, chain.size()); };
    if (begin == 0) {
        seam.point = chain.pointAfter(end);
    } else {
        seam.point = "from " + chain.links[begin].name + " to " + chain.links[end - 1].name + ", after " +
                     chain.links[begin - 1].name + " (the links before it run eagerly first)";
    }
    return seam;
}

namespace {

// The children of `module` that have a forward, as links run through `owner` (its jit mode), each with
// its own children below it. Nothing with fewer than `minimumLinks`.
std::optional<ModuleChain> scriptChildrenChain(const std::shared_ptr<TorchScriptModuleImpl>& owner,
                                               const torch::jit::Module& module, std::size_t minimumLinks) {
    ModuleChain chain;
    for (const auto& child : module.named_children()) {
        if (!child.value.find_method("forward")) continue;
        // A handle on the child shares the weights that the network's to() moves.
        ChainLink link{child.name, [owner, submodule = child.value](const c10::IValue& input) {
                           return owner->forwardOf(submodule, input);
                       }};
        link.children = [owner, submodule = child.value] { return scriptChildrenChain(owner, submodule, 1); };
        chain.links.push_back(std::move(link));
    }
    if (chain.size() < minimumLinks) return std::nullopt;
    return chain;
}

}  // namespace

std::optional<ModuleChain> torchScriptChain(torch::nn::AnyModule& network) {
    auto owner = std::dynamic_pointer_cast<TorchScriptModuleImpl>(network.ptr());
    if (!owner) return std::nullopt;
    return scriptChildrenChain(owner, owner->script(), 2);
}

}  // namespace graphlens::families
