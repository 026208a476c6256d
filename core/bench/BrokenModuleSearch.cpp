#include "bench/BrokenModuleSearch.h"

#include "graphs/OutputTree.h"

#include <torch/torch.h>

namespace graphlens::bench {
namespace {

constexpr int kLinkExecutorWarmup = 3;  // as the seam search: TorchScript runs its optimised plan after a few calls
constexpr int kMaxLevels = 8;

// The children of `link` when they are its forward one after another on both inputs (bit for bit).
std::optional<families::ModuleChain> chainingChildren(const families::ChainLink& link, const torch::Tensor& inputA,
                                                      const torch::Tensor& inputB) {
    if (!link.children) return std::nullopt;
    auto children = link.children();
    if (!children || children->size() == 0) return std::nullopt;
    try {
        for (int i = 0; i < kLinkExecutorWarmup; ++i) {
            for (const auto* input : {&inputA, &inputB}) {
                (void)link.forward(*input);
                (void)children->run(*input, 0, children->size());
            }
        }
        for (const auto* input : {&inputA, &inputB}) {
            if (!graphs::compareBitwise(link.forward(*input), children->run(*input, 0, children->size())).equal) {
                return std::nullopt;
            }
        }
    } catch (const std::exception&) {
        return std::nullopt;  // not callable one after another (a ModuleList, branches)
    }
    return children;
}

}  // namespace

BrokenModule findBrokenModule(const families::Family& family, torch::nn::AnyModule& network,
                              const families::ModuleChain& chain, std::size_t link, const torch::Tensor& probeA,
                              const torch::Tensor& probeB, const SeamFinderOptions& options) {
    BrokenModule found;
    if (link >= chain.size()) return found;
    found.path = chain.links[link].name;
    torch::NoGradGuard noGrad;
    const families::ModuleChain* level = &chain;
    std::optional<families::ModuleChain> below;
    std::size_t index = link;
    torch::Tensor inputA = probeA, inputB = probeB;
    for (int depth = 0; depth < kMaxLevels; ++depth) {
        // The broken link's eager input on each probe: its children are tried on what it is fed.
        const auto fedA = level->run(inputA, 0, index), fedB = level->run(inputB, 0, index);
        if (!fedA.isTensor() || !fedB.isTensor()) break;
        auto children = chainingChildren(level->links[index], fedA.toTensor(), fedB.toTensor());
        if (!children) break;
        const auto search = families::searchChainSeam(children->size(), [&](std::size_t begin, std::size_t end) {
            return trySegment(family, network, *children, begin, end, fedA.toTensor(), fedB.toTensor(), options);
        });
        // Every child captures on its own: the break is in how the link joins them, not in one of them.
        if (!search.firstBrokenLink || *search.firstBrokenLink >= children->size()) break;
        const std::size_t broken = *search.firstBrokenLink;
        // The difference at the broken child's own output: the children up to it, captured alone.
        families::ModuleChain upToBroken;
        upToBroken.links.assign(children->links.begin(), children->links.begin() + static_cast<std::ptrdiff_t>(broken) + 1);
        double diff = 0;
        const auto trial = trySegment(family, network, upToBroken, 0, broken + 1, fedA.toTensor(), fedB.toTensor(),
                                      options, &diff);
        found.path += "." + children->links[broken].name;
        found.levels = depth + 1;
        if (!trial.capturable && diff > 0) found.maxAbsDiff = diff;  // a mismatch (a capture error has no difference)
        below = std::move(children);
        level = &*below;
        index = broken;
        inputA = fedA.toTensor();
        inputB = fedB.toTensor();
    }
    return found;
}

}  // namespace graphlens::bench
