#include "planning/PlanJson.h"

#include <stdexcept>

namespace graphlens::planning {
namespace {

nlohmann::json shapesJson(const std::vector<RequestShape>& shapes) {
    auto list = nlohmann::json::array();
    for (const auto& shape : shapes) list.push_back({{"imgsz", shape.imgsz}, {"batch", shape.batch}});
    return list;
}

const nlohmann::json& field(const nlohmann::json& json, const char* key) {
    if (!json.is_object() || !json.contains(key)) throw std::invalid_argument(std::string("the plan has no '") + key + "'");
    return json.at(key);
}

std::vector<RequestShape> shapesFrom(const nlohmann::json& list, const char* where) {
    if (!list.is_array()) throw std::invalid_argument(std::string("'") + where + "' is not a list of shapes");
    std::vector<RequestShape> shapes;
    for (const auto& item : list) {
        if (!item.is_object() || !item.contains("batch") || !item["batch"].is_number_integer() ||
            item["batch"].get<int>() < 1 || (item.contains("imgsz") && !item["imgsz"].is_number_integer())) {
            throw std::invalid_argument(std::string("'") + where + "' holds an entry that is not {imgsz, batch >= 1}: " + item.dump());
        }
        shapes.push_back({item.value("imgsz", 0), item["batch"].get<int>()});
    }
    return shapes;
}

double number(const nlohmann::json& json, const char* key) {
    const auto& value = field(json, key);
    if (!value.is_number()) throw std::invalid_argument(std::string("'") + key + "' is not a number");
    return value.get<double>();
}

}  // namespace

nlohmann::json toJson(const PlanFigures& figures) {
    return {{"captured", shapesJson(figures.captured)},
            {"mean_ms", figures.meanMs},
            {"p99_ms", figures.p99Ms},
            {"padding_waste_pct", figures.paddingWastePct},
            {"eager_requests_pct", figures.eagerRequestsPct},
            {"pool_mib", figures.poolMiB},
            {"pool_is_upper_bound", figures.poolIsUpperBound},
            {"capture_ms", figures.captureMs}};
}

nlohmann::json toJson(const CapturePlan& plan, const PlanContext& context) {
    nlohmann::json json;
    json["format"] = "graphlens-capture-plan";
    json["version"] = 1;
    json["family"] = context.family;
    json["model"] = context.model;
    json["precision"] = context.precision;
    json["scope"] = context.scope;
    json["memory_format"] = context.memoryFormat;
    json["default_imgsz"] = context.defaultImgsz;
    json["mix"] = context.mix;
    json["costs_from"] = context.costsFrom;
    json["objective"] = nameOf(plan.objective);
    json["vram_budget_mib"] = plan.budgetMiB;
    json["chosen"] = toJson(plan.chosen);
    auto baselines = nlohmann::json::array();
    for (const auto& baseline : plan.baselines) {
        auto item = toJson(baseline.figures);
        item["name"] = baseline.name;
        item["fits_budget"] = baseline.fitsBudget;
        item["unmeasured"] = baseline.unmeasured;
        baselines.push_back(item);
    }
    json["baselines"] = baselines;
    auto curve = nlohmann::json::array();
    for (const auto& point : plan.curve) {
        curve.push_back({{"pool_mib", point.poolMiB}, {"mean_ms", point.meanMs}, {"captured", shapesJson(point.captured)}});
    }
    json["curve"] = curve;
    json["notes"] = plan.notes;
    return json;
}

PlanContext planContextFromJson(const nlohmann::json& json) {
    if (!json.is_object() || json.value("format", std::string()) != "graphlens-capture-plan") {
        throw std::invalid_argument("not a GraphLens capture plan (written by graphlens-cli plan --json)");
    }
    PlanContext context;
    context.family = json.value("family", std::string());
    context.model = json.value("model", std::string());
    if (context.family.empty() == context.model.empty()) throw std::invalid_argument("the plan names neither a family nor a model");
    context.precision = field(json, "precision").get<std::string>();
    context.scope = json.value("scope", std::string("network"));
    context.memoryFormat = json.value("memory_format", std::string("nchw"));
    context.defaultImgsz = json.value("default_imgsz", 0);
    context.mix = json.value("mix", std::string());
    context.costsFrom = json.value("costs_from", std::string());
    return context;
}

std::vector<RequestShape> capturedFromJson(const nlohmann::json& json) {
    return shapesFrom(field(field(json, "chosen"), "captured"), "chosen.captured");
}

PlanFigures chosenFiguresFromJson(const nlohmann::json& json) {
    const auto& chosen = field(json, "chosen");
    PlanFigures figures;
    figures.captured = capturedFromJson(json);
    figures.meanMs = number(chosen, "mean_ms");
    figures.p99Ms = number(chosen, "p99_ms");
    figures.paddingWastePct = number(chosen, "padding_waste_pct");
    figures.eagerRequestsPct = number(chosen, "eager_requests_pct");
    figures.poolMiB = number(chosen, "pool_mib");
    figures.captureMs = number(chosen, "capture_ms");
    figures.poolIsUpperBound = chosen.value("pool_is_upper_bound", false);
    return figures;
}

}  // namespace graphlens::planning
