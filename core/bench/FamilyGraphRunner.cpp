#include "bench/FamilyGraphRunner.h"

#include "graphs/GraphDeclarationError.h"

namespace graphlens::bench {

std::unique_ptr<graphs::GraphRunner> makeFamilyGraphRunner(const families::Family& family,
                                                           torch::nn::AnyModule& network,
                                                           graphs::GraphRunnerOptions options) {
    if (family.inference.kind == families::GraphSupportKind::Seam) {
        auto seam = family.inferenceSeam ? family.inferenceSeam(network) : std::nullopt;
        // Eager is eager: without a split the eager arm still runs the whole network; only graphs
        // must never capture a seam family whole.
        if (!seam && options.mode == graphs::GraphMode::Off) {
            return std::make_unique<graphs::GraphRunner>(network, family.name, family.inference, std::move(options));
        }
        if (!seam) {
            throw graphs::GraphDeclarationError(family.name + " declares a seam split (" + family.inference.reason +
                                                ") but provides no split for this network");
        }
        return std::make_unique<graphs::GraphRunner>(network.ptr(), std::move(*seam), family.name, family.inference,
                                                     std::move(options));
    }
    return std::make_unique<graphs::GraphRunner>(network, family.name, family.inference, std::move(options));
}

}  // namespace graphlens::bench
