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
    std::string precision = "fp16"; // fp32 | fp16
    std::vector<std::string> phases{"infer"};
    std::string graph = "on";       // on | auto (inference graph mode of the graphed arm)
    // Each format is its own configuration (rows differ in memory_format), so the list runs in turn.
    std::vector<std::string> memoryFormats{"nchw"};  // nchw | channels_last, no duplicates
    std::string scope = "step";     // step (upload + network + postprocess) | network (network alone)
    std::string jit = "fuse";       // TorchScript models: fuse (executor with fuser) | off
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

// "1,8,32" -> {1, 8, 32}; throws ResultsError on anything else (0, negatives, junk).
std::vector<int> parseBatchList(const std::string& text);

// "nchw,channels_last" -> {"nchw", "channels_last"}; throws ResultsError on an unknown or empty item
// and on a format given twice (it would measure the same configuration twice).
std::vector<std::string> parseMemoryFormatList(const std::string& text);

}  // namespace graphlens::results
