#include "families/TrainingChain.h"

#include <stdexcept>

namespace graphlens::families {

c10::IValue TrainingChain::run(const c10::IValue& input, const torch::Tensor& targets, std::size_t begin,
                               std::size_t end) const {
    c10::IValue value = input;
    for (std::size_t i = begin; i < end && i < links.size(); ++i) value = links[i].forward(value, targets);
    return value;
}

std::string TrainingChain::pointAfter(std::size_t link) const {
    if (links.empty()) return "an empty chain";
    if (link == 0) return "before " + links.front().name;
    if (link >= links.size()) return "after " + links.back().name + " (the last link)";
    return "after " + links[link - 1].name + ", before " + links[link].name;
}

namespace {

// The prefix's modules under one parent, so the step finds their parameters and buffers in one place.
// Module names may not hold dots: "encoderSide.backbone" is registered as "encoderSide_backbone".
class PrefixModules : public torch::nn::Module {
public:
    explicit PrefixModules(const std::vector<TrainingChainLink>& links) {
        for (const auto& link : links) {
            std::string name = link.name;
            for (auto& c : name) {
                if (c == '.') c = '_';
            }
            register_module(name, link.module);
        }
    }
};

}  // namespace

TrainingSeam trainingPrefixSeam(const TrainingChain& chain, std::size_t end) {
    if (end == 0 || end > chain.size()) throw std::invalid_argument("trainingPrefixSeam: an empty or too long prefix");
    TrainingSeam seam;
    seam.captured = std::make_shared<PrefixModules>(
        std::vector<TrainingChainLink>(chain.links.begin(), chain.links.begin() + static_cast<long>(end)));
    bool prefixReadsTargets = false;
    for (std::size_t i = 0; i < end; ++i) prefixReadsTargets = prefixReadsTargets || chain.links[i].readsTargets;
    auto targets = std::make_shared<torch::Tensor>();
    if (prefixReadsTargets) seam.giveTargets = [targets](const torch::Tensor& stepTargets) { *targets = stepTargets; };
    seam.capturedForward = [chain, end, targets](const torch::Tensor& images) {
        return chain.run(images, *targets, 0, end);
    };
    seam.rest = [chain, end](const c10::IValue& out, const torch::Tensor& stepTargets) {
        return chain.run(out, stepTargets, end, chain.size());
    };
    seam.point = chain.pointAfter(end);
    return seam;
}

}  // namespace graphlens::families
