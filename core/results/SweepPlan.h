#pragma once
// What a sweep runs. The GUI writes it as JSON for `graphlens-cli worker --plan`, the CLI builds it
// from its arguments; both validate it here before any GPU work.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace graphlens::results {

struct SweepPlan {
    std::string family = "resnet18";
    std::string model;              // a TorchScript file instead of a built-in family; empty: use family
    std::string task;               // with model: classify | detect | segment | other; empty: inferred
    std::string data;               // YOLO data.yaml, ImageFolder root, or empty: built-in dataset
    std::vector<int> batches{1, 8, 32};
    int imgsz = 0;                  // 0: the family's default size
    // fp32 | fp16 | amp-fp16 | amp-bf16. Inference runs the network in fp32 or fp16 (amp-fp16 is
    // fp16 there; amp-bf16 has no inference arm); training autocasts (fp16 is amp-fp16 there).
    std::string precision = "fp16";
    std::vector<std::string> phases{"infer"};  // infer, train, or both (inference first)
    std::string graph = "on";       // on | auto (inference graph mode of the graphed arm) | off (eager arm alone)
    // Each format is its own configuration (rows differ in memory_format), so the list runs in turn.
    std::vector<std::string> memoryFormats{"nchw"};  // nchw | channels_last, no duplicates
    std::string scope = "step";     // step (upload + network + postprocess) | network (network alone)
    std::string jit = "fuse";       // TorchScript models: fuse (executor with fuser) | off
    // TorchScript models whose whole capture is refused on load: search their module chain for the
    // largest part that captures bit-exact and graph that part, the rest eager (verify --find-seam).
    bool autoSeam = false;
    // Training steps: the graph scopes the graphed arm is timed in, each its own row pair
    // (network: forward + backward graphed; step: the whole step one graph), and the optimizer.
    std::vector<std::string> graphScopes{"network", "step"};
    std::string optimizer = "sgd";  // sgd | adamw
    int steps = 24;                 // timed steps per arm
    int warmup = 5;                 // untimed steps per arm before timing
    int repeats = 3;                // rounds of alternating eager/graphed blocks (1..50)
    std::uint64_t seed = 0;
    std::string csv;                // export paths; empty: not written
    std::string json;
    std::string autosave;           // JSONL, one row appended as soon as it is measured
    bool profile = true;            // run the CUPTI profiled pass (own process) after the timed one
    int profileSteps = 10;          // steps per arm in the profiled pass
    std::string trace;              // Chrome trace JSON of the profiled steps; empty: not written
};

nlohmann::json toJson(const SweepPlan& plan);
// Throws ResultsError("<source>: key: why") on a wrong type or an impossible value.
SweepPlan sweepPlanFromJson(const nlohmann::json& object, const std::string& sourceName);

// Empty when the plan is valid; otherwise one line saying what is wrong and what is expected.
std::string validateSweepPlan(const SweepPlan& plan);

// The precision of each phase's rows: inference "fp32" | "fp16"; training "fp32" | "amp-fp16" |
// "amp-bf16". Valid plans only.
std::string inferencePrecision(const SweepPlan& plan);
std::string trainingPrecision(const SweepPlan& plan);
bool hasPhase(const SweepPlan& plan, const std::string& phase);

// "infer,train" -> {"infer", "train"}; throws ResultsError on an unknown, empty or repeated item.
std::vector<std::string> parsePhaseList(const std::string& text);

// "network,step" -> {"network", "step"}; throws ResultsError on an unknown, empty or repeated item.
std::vector<std::string> parseGraphScopeList(const std::string& text);

// "1,8,32" -> {1, 8, 32}; throws ResultsError on anything else (0, negatives, junk).
std::vector<int> parseBatchList(const std::string& text);

// "nchw,channels_last" -> {"nchw", "channels_last"}; throws ResultsError on an unknown or empty item
// and on a format given twice (it would measure the same configuration twice).
std::vector<std::string> parseMemoryFormatList(const std::string& text);

}  // namespace graphlens::results
