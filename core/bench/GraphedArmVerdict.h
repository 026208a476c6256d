#pragma once
// Whether a pair's graphed arm runs, decided once for the timed and the profiled pass alike
// (DESIGN §3/§5; the training verdict is decideTrainingGraphedArm in TrainingSweepArms.h): never on a machine without CUDA graphs, never against the family's declaration,
// and for inference only after the parity check on the very network that is timed passed. A parity
// check that throws refuses the graphed arm and leaves the eager arm to be measured; only out of
// memory, which the whole batch size shares, is thrown on.
#include "families/Family.h"
#include "graphs/GraphRunner.h"
#include "results/Measurement.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <utility>

namespace graphlens::bench {

struct GraphedArmVerdict {
    bool runs = false;
    std::string status;  // when it does not run: skipped | refused | error | oom
    std::string reason;
    std::string parity;  // the parity check's result; empty when none ran

    // The graphed row gets the parity and, when the arm does not run, the status and reason.
    void applyTo(results::Measurement& graphed) const;
};

// The timed pass's inference verdicts by memory format and batch. The profiled passes take them as
// they are: one decision per pair for every pass (the parity check is not run again on the same
// network), and the profiled pass's process gets them as JSON (toJson / inferenceVerdictsFromJson).
using InferenceVerdicts = std::map<std::pair<std::string, int>, GraphedArmVerdict>;
nlohmann::json toJson(const InferenceVerdicts& verdicts);
// Throws nlohmann::json's exceptions on a document toJson did not write.
InferenceVerdicts inferenceVerdictsFromJson(const nlohmann::json& document);

// Not run, with a status and reason (and the parity result, when a parity check ran).
GraphedArmVerdict graphedArmNotRun(std::string status, std::string reason, std::string parity = {});
// Not run because the plan asks for the eager arm alone (graph mode off: `advise`).
GraphedArmVerdict graphedArmNotAsked();
// Not run because there is no CUDA device.
GraphedArmVerdict graphedArmWithoutCuda();

// The inputs of an inference pair's verdict: the network as it is timed (built, on its device, in
// dtype and memory format) and the runner options the graphed arm would get.
struct InferenceVerdictInputs {
    bool graphsPossible = false;  // CUDA, or a capture backend that stands in for it
    std::string planGraph;        // the plan's graph mode, as the refusal names it
    int batch = 0;
    int imgsz = 0;
    torch::Dtype dtype = torch::kFloat;
    at::MemoryFormat format = at::MemoryFormat::Contiguous;
};

GraphedArmVerdict decideInferenceGraphedArm(const families::Family& family, torch::nn::AnyModule& network,
                                            const InferenceVerdictInputs& inputs,
                                            const graphs::GraphRunnerOptions& options);

}  // namespace graphlens::bench
