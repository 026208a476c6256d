#include "results/SweepPlan.h"

#include "results/ResultsError.h"
#include "results/Tasks.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <type_traits>

namespace graphlens::results {
namespace {

constexpr int kMaxBatch = 65536;
constexpr int kMaxImgsz = 8192;

template <typename T>
void readKey(const nlohmann::json& object, const char* key, T& out, const std::string& sourceName) {
    const auto it = object.find(key);
    if (it == object.end()) return;
    const bool integers = std::is_same_v<T, int> || std::is_same_v<T, std::uint64_t> ||
                          std::is_same_v<T, std::vector<int>>;
    const auto isInteger = [](const nlohmann::json& v) { return v.is_number_integer(); };
    const bool wrongNumber =
        integers && (it->is_array() ? !std::all_of(it->begin(), it->end(), isInteger) : !isInteger(*it));
    if (wrongNumber) {
        throw ResultsError(sourceName + ": key " + key + " has the wrong type (" + it->type_name() +
                           ")");
    }
    try {
        out = it->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw ResultsError(sourceName + ": key " + key + " has the wrong type (" + it->type_name() +
                           ")");
    }
}

bool contains(const std::vector<std::string>& options, const std::string& value) {
    return std::find(options.begin(), options.end(), value) != options.end();
}

}  // namespace

nlohmann::json toJson(const SweepPlan& plan) {
    return {{"family", plan.family},   {"model", plan.model}, {"task", plan.task}, {"data", plan.data}, {"batches", plan.batches}, {"imgsz", plan.imgsz},
            {"precision", plan.precision}, {"phases", plan.phases},   {"graph", plan.graph},
            {"steps", plan.steps},     {"warmup", plan.warmup},   {"seed", plan.seed},
            {"csv", plan.csv},         {"json", plan.json},       {"autosave", plan.autosave},
            {"profile", plan.profile}, {"profile_steps", plan.profileSteps}, {"trace", plan.trace}};
}

SweepPlan sweepPlanFromJson(const nlohmann::json& object, const std::string& sourceName) {
    if (!object.is_object()) throw ResultsError(sourceName + ": a sweep plan must be a JSON object");
    SweepPlan plan;
    readKey(object, "family", plan.family, sourceName);
    readKey(object, "model", plan.model, sourceName);
    readKey(object, "task", plan.task, sourceName);
    readKey(object, "data", plan.data, sourceName);
    readKey(object, "batches", plan.batches, sourceName);
    readKey(object, "imgsz", plan.imgsz, sourceName);
    readKey(object, "precision", plan.precision, sourceName);
    readKey(object, "phases", plan.phases, sourceName);
    readKey(object, "graph", plan.graph, sourceName);
    readKey(object, "steps", plan.steps, sourceName);
    readKey(object, "warmup", plan.warmup, sourceName);
    readKey(object, "seed", plan.seed, sourceName);
    readKey(object, "csv", plan.csv, sourceName);
    readKey(object, "json", plan.json, sourceName);
    readKey(object, "autosave", plan.autosave, sourceName);
    readKey(object, "profile", plan.profile, sourceName);
    readKey(object, "profile_steps", plan.profileSteps, sourceName);
    readKey(object, "trace", plan.trace, sourceName);
    if (auto error = validateSweepPlan(plan); !error.empty()) {
        throw ResultsError(sourceName + ": " + error);
    }
    return plan;
}

std::string validateSweepPlan(const SweepPlan& plan) {
    if (plan.family.empty() && plan.model.empty()) return "no family or model given";
    if (!plan.task.empty()) {
        if (auto error = unknownTaskError(plan.task); !error.empty()) return error;
    }
    if (!plan.task.empty() && plan.model.empty()) {
        return "a task is given only with a TorchScript model (a built-in family has its own task)";
    }
    if (plan.batches.empty()) return "no batch size given (expected e.g. 1,8,32)";
    for (int batch : plan.batches) {
        if (batch < 1 || batch > kMaxBatch) {
            return "batch size " + std::to_string(batch) + " is impossible (expected 1.." +
                   std::to_string(kMaxBatch) + ")";
        }
    }
    if (plan.imgsz < 0 || plan.imgsz > kMaxImgsz || (plan.imgsz > 0 && plan.imgsz < 32)) {
        return "image size " + std::to_string(plan.imgsz) + " is impossible (expected 32.." +
               std::to_string(kMaxImgsz) + ", or 0 for the family default)";
    }
    if (!contains({"fp32", "fp16"}, plan.precision)) {
        return "precision '" + plan.precision + "' is not supported (expected fp32 or fp16)";
    }
    if (plan.phases.empty()) return "no phase given (expected infer)";
    for (const auto& phase : plan.phases) {
        if (phase != "infer") {
            return "phase '" + phase + "' is not supported yet (expected infer)";
        }
    }
    if (!contains({"on", "auto"}, plan.graph)) {
        return "graph mode '" + plan.graph + "' is not supported (expected on or auto)";
    }
    if (plan.steps < 1 || plan.steps > 100000) return "steps must be 1..100000";
    if (plan.warmup < 0 || plan.warmup > 100000) return "warmup must be 0..100000";
    if (plan.profileSteps < 1 || plan.profileSteps > 10000) return "profile steps must be 1..10000";
    return {};
}

std::vector<int> parseBatchList(const std::string& text) {
    std::vector<int> batches;
    if (!text.empty() && text.back() == ',') {
        throw ResultsError("batch list '" + text +
                           "': expected positive integers separated by commas, e.g. 1,8,32");
    }
    std::stringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        int value = 0;
        auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (item.empty() || ec != std::errc{} || end != item.data() + item.size() || value < 1) {
            throw ResultsError("batch list '" + text +
                               "': expected positive integers separated by commas, e.g. 1,8,32");
        }
        batches.push_back(value);
    }
    if (batches.empty()) throw ResultsError("batch list is empty (expected e.g. 1,8,32)");
    return batches;
}

}  // namespace graphlens::results
