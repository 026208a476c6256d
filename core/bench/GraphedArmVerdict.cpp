#include "bench/GraphedArmVerdict.h"

#include "bench/SweepParity.h"
#include "bench/SweepRowFigures.h"
#include "graphs/GraphDeclarationError.h"
#include "graphs/OutOfMemory.h"
#include "results/ErrorText.h"


namespace graphlens::bench {
GraphedArmVerdict graphedArmNotRun(std::string status, std::string reason, std::string parity) {
    GraphedArmVerdict verdict;
    verdict.status = std::move(status);
    verdict.reason = std::move(reason);
    verdict.parity = std::move(parity);
    return verdict;
}

GraphedArmVerdict graphedArmNotAsked() {
    return graphedArmNotRun("skipped", "not measured: the eager arm alone was asked for (graph mode off)");
}

GraphedArmVerdict graphedArmWithoutCuda() {
    return graphedArmNotRun("skipped", "CUDA graphs need a CUDA device; this run is on the CPU");
}

nlohmann::json toJson(const InferenceVerdicts& verdicts) {
    auto document = nlohmann::json::array();
    for (const auto& [key, verdict] : verdicts) {
        document.push_back({{"memory_format", key.first}, {"batch", key.second}, {"runs", verdict.runs},
                            {"status", verdict.status}, {"reason", verdict.reason}, {"parity", verdict.parity}});
    }
    return document;
}

InferenceVerdicts inferenceVerdictsFromJson(const nlohmann::json& document) {
    InferenceVerdicts verdicts;
    for (const auto& item : document) {
        GraphedArmVerdict verdict;
        verdict.runs = item.at("runs").get<bool>();
        verdict.status = item.at("status").get<std::string>();
        verdict.reason = item.at("reason").get<std::string>();
        verdict.parity = item.at("parity").get<std::string>();
        verdicts[{item.at("memory_format").get<std::string>(), item.at("batch").get<int>()}] = std::move(verdict);
    }
    return verdicts;
}

void GraphedArmVerdict::applyTo(results::Measurement& graphed) const {
    if (!parity.empty()) graphed.parity = parity;
    if (!runs) markFailed(graphed, status, reason);
}

GraphedArmVerdict decideInferenceGraphedArm(const families::Family& family, torch::nn::AnyModule& network,
                                            const InferenceVerdictInputs& inputs,
                                            const graphs::GraphRunnerOptions& options) {
    if (!inputs.graphsPossible) return graphedArmWithoutCuda();
    if (!family.inference.capturable()) {
        return graphedArmNotRun("refused", "graph mode '" + inputs.planGraph + "' refused for " + family.name + ": " +
                                     family.inference.reason);
    }
    // The eager arm alone (advise): the declaration is checked above, the parity check needs a capture.
    if (inputs.planGraph == "off") return graphedArmNotAsked();
    SweepParityResult parity;
    try {
        parity = checkSweepParity(family, network, inputs.batch, inputs.imgsz, inputs.dtype, inputs.format, options);
    } catch (const graphs::GraphDeclarationError& error) {
        // The family's own declaration is at fault (a seam family with no split): an error, not a refusal.
        return graphedArmNotRun("error", results::errorCause(error.what()), "capture error");
    } catch (const std::exception& error) {
        if (graphs::isOutOfMemory(error)) throw;  // the whole batch size is out of memory
        parity.parity = "capture error";
        parity.reason = results::errorCause(error.what());
    }
    if (parity.passed) {
        GraphedArmVerdict verdict;
        verdict.runs = true;
        verdict.parity = parity.parity;
        return verdict;
    }
    if (parity.outOfMemory) {
        return graphedArmNotRun("oom", "out of memory in the parity check at batch " + std::to_string(inputs.batch) + ": " +
                                 parity.reason, parity.parity);
    }
    if (parity.declarationError) return graphedArmNotRun("error", parity.reason, parity.parity);
    return graphedArmNotRun("refused", "graphed arm refused: parity check " + parity.parity + ": " + parity.reason,
                  parity.parity);
}

}  // namespace graphlens::bench
