#include "results/SweepPlan.h"

#include "results/ResultsError.h"
#include "results/Tasks.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <sstream>
#include <type_traits>

namespace graphlens::results {
namespace {

constexpr int kMaxBatch = 65536;
constexpr int kMaxImgsz = 8192;
constexpr int kMaxRepeats = 50;

template <typename T>
void readKey(const nlohmann::json& object, const char* key, T& out, const std::string& sourceName) {
    const auto it = object.find(key);
    if (it == object.end()) return;
    const bool integers = std::is_same_v<T, int> || std::is_same_v<T, std::uint64_t> ||
                          std::is_same_v<T, std::vector<int>>;
    // An integer must fit the field whole: nlohmann's get<int> would wrap 2^32 + 2 round to 2.
    const auto isInteger = [](const nlohmann::json& v) {
        if (!v.is_number_integer()) return false;
        if constexpr (std::is_same_v<T, std::uint64_t>) return v.is_number_unsigned() || v.get<std::int64_t>() >= 0;
        if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<int>::max());
        const auto value = v.get<std::int64_t>();
        return value >= std::numeric_limits<int>::min() && value <= std::numeric_limits<int>::max();
    };
    const bool wrongNumber =
        integers && (it->is_array() ? !std::all_of(it->begin(), it->end(), isInteger) : !isInteger(*it));
    if (wrongNumber) {
        const bool number = it->is_number_integer() ||
                            (it->is_array() && std::all_of(it->begin(), it->end(), [](const nlohmann::json& v) {
                                 return v.is_number_integer();
                             }));
        throw ResultsError(sourceName + ": key " + key +
                           (number ? std::string(": ") + it->dump() + " does not fit " +
                                         (std::is_same_v<T, std::uint64_t> ? "a non-negative 64-bit integer"
                                                                           : "a 32-bit integer")
                                   : std::string(" has the wrong type (") + it->type_name() + ")"));
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

// Comma-separated items, empty ones kept ("a,,b" and "a," give an empty item; getline alone drops the
// one after a trailing comma). Empty text gives no items.
std::vector<std::string> splitItems(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) items.push_back(item);
    if (!text.empty() && text.back() == ',') items.emplace_back();
    return items;
}

// Shared by the plan validation and the CLI list parser, so both say the same thing.
std::string memoryFormatsError(const std::vector<std::string>& formats) {
    if (formats.empty()) return "no memory format given (expected nchw, channels_last or both)";
    for (auto it = formats.begin(); it != formats.end(); ++it) {
        if (!contains({"nchw", "channels_last"}, *it)) {
            return "memory format '" + *it + "' is not supported (expected nchw or channels_last)";
        }
        if (std::find(formats.begin(), it, *it) != it) {
            return "memory format '" + *it + "' is given twice";
        }
    }
    return {};
}

std::string graphScopesError(const std::vector<std::string>& scopes) {
    if (scopes.empty()) return "no training graph scope given (expected network, step or both)";
    for (auto it = scopes.begin(); it != scopes.end(); ++it) {
        if (!contains({"network", "step"}, *it)) {
            return "training graph scope '" + *it + "' is not supported (expected network or step)";
        }
        if (std::find(scopes.begin(), it, *it) != it) return "training graph scope '" + *it + "' is given twice";
    }
    return {};
}

}  // namespace

bool hasPhase(const SweepPlan& plan, const std::string& phase) { return contains(plan.phases, phase); }

std::string inferencePrecision(const SweepPlan& plan) { return plan.precision == "fp32" ? "fp32" : "fp16"; }

std::string trainingPrecision(const SweepPlan& plan) {
    if (plan.precision == "fp16") return "amp-fp16";  // half weights do not train: autocast to half
    return plan.precision;
}

namespace {

std::string phasesError(const std::vector<std::string>& phases) {
    if (phases.empty()) return "no phase given (expected infer, train or both)";
    for (auto it = phases.begin(); it != phases.end(); ++it) {
        if (!contains({"infer", "train"}, *it)) return "phase '" + *it + "' is not supported (expected infer or train)";
        if (std::find(phases.begin(), it, *it) != it) return "phase '" + *it + "' is given twice";
    }
    return {};
}

}  // namespace

std::vector<std::string> parsePhaseList(const std::string& text) {
    const auto phases = splitItems(text);
    if (phases.empty() || std::find(phases.begin(), phases.end(), "") != phases.end()) {
        throw ResultsError("phase list '" + text + "': expected infer, train or infer,train");
    }
    if (auto error = phasesError(phases); !error.empty()) throw ResultsError("phase list '" + text + "': " + error);
    return phases;
}

std::vector<std::string> parseGraphScopeList(const std::string& text) {
    const auto scopes = splitItems(text);
    if (scopes.empty() || std::find(scopes.begin(), scopes.end(), "") != scopes.end()) {
        throw ResultsError("graph scope list '" + text + "': expected network, step or network,step");
    }
    if (auto error = graphScopesError(scopes); !error.empty()) throw ResultsError("graph scope list '" + text + "': " + error);
    return scopes;
}

nlohmann::json toJson(const SweepPlan& plan) {
    return {{"family", plan.family},   {"model", plan.model}, {"task", plan.task}, {"data", plan.data}, {"batches", plan.batches}, {"imgsz", plan.imgsz},
            {"precision", plan.precision}, {"phases", plan.phases},   {"graph", plan.graph},
            {"memory_formats", plan.memoryFormats}, {"scope", plan.scope}, {"jit", plan.jit}, {"auto_seam", plan.autoSeam},
            {"graph_scopes", plan.graphScopes}, {"optimizer", plan.optimizer},
            {"steps", plan.steps},     {"warmup", plan.warmup},   {"repeats", plan.repeats},
            {"seed", plan.seed},
            {"csv", plan.csv},         {"json", plan.json},       {"autosave", plan.autosave},
            {"profile", plan.profile}, {"profile_steps", plan.profileSteps}, {"trace", plan.trace}};
}

SweepPlan sweepPlanFromJson(const nlohmann::json& object, const std::string& sourceName) {
    if (!object.is_object()) throw ResultsError(sourceName + ": a sweep plan must be a JSON object");
    // A misspelt key ("batchs") would otherwise leave its default in place and run that silently.
    const auto known = toJson(SweepPlan{});
    for (const auto& [key, value] : object.items()) {
        if (!known.contains(key)) {
            std::string names;
            for (const auto& [name, unused] : known.items()) names += (names.empty() ? "" : ", ") + name;
            throw ResultsError(sourceName + ": key '" + key + "' is not a sweep plan key (known: " + names + ")");
        }
    }
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
    readKey(object, "memory_formats", plan.memoryFormats, sourceName);
    readKey(object, "scope", plan.scope, sourceName);
    readKey(object, "jit", plan.jit, sourceName);
    readKey(object, "auto_seam", plan.autoSeam, sourceName);
    readKey(object, "graph_scopes", plan.graphScopes, sourceName);
    readKey(object, "optimizer", plan.optimizer, sourceName);
    readKey(object, "steps", plan.steps, sourceName);
    readKey(object, "warmup", plan.warmup, sourceName);
    readKey(object, "repeats", plan.repeats, sourceName);
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
    if (!contains({"fp32", "fp16", "amp-fp16", "amp-bf16"}, plan.precision)) {
        return "precision '" + plan.precision + "' is not supported (expected fp32, fp16, amp-fp16 or amp-bf16)";
    }
    if (auto error = phasesError(plan.phases); !error.empty()) return error;
    if (hasPhase(plan, "infer") && plan.precision == "amp-bf16") {
        return "precision amp-bf16 is a training precision: inference runs fp32 or fp16 (drop the infer phase or "
               "choose another precision)";
    }
    if (auto error = graphScopesError(plan.graphScopes); !error.empty()) return error;
    if (!contains({"sgd", "adamw"}, plan.optimizer)) {
        return "optimizer '" + plan.optimizer + "' is not supported (expected sgd or adamw)";
    }
    if (!contains({"on", "auto", "off"}, plan.graph)) {
        return "graph mode '" + plan.graph + "' is not supported (expected on, auto or off)";
    }
    if (auto error = memoryFormatsError(plan.memoryFormats); !error.empty()) return error;
    if (!contains({"step", "network"}, plan.scope)) {
        return "scope '" + plan.scope + "' is not supported (expected step or network)";
    }
    if (!contains({"fuse", "off"}, plan.jit)) {
        return "jit mode '" + plan.jit + "' is not supported (expected fuse or off)";
    }
    if (plan.steps < 1 || plan.steps > 100000) return "steps must be 1..100000";
    if (plan.warmup < 0 || plan.warmup > 100000) return "warmup must be 0..100000";
    if (plan.repeats < 1 || plan.repeats > kMaxRepeats) {
        return "repeats must be 1.." + std::to_string(kMaxRepeats);
    }
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

std::vector<std::string> parseMemoryFormatList(const std::string& text) {
    const auto formats = splitItems(text);
    if (auto error = memoryFormatsError(formats); !error.empty()) {
        throw ResultsError("memory format list '" + text + "': " + error);
    }
    return formats;
}

}  // namespace graphlens::results
