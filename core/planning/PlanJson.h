#pragma once
// A plan as JSON (`plan --json`, the input of `replay-mix --plan`) and back.
#include "planning/CapturePlanner.h"

#include <nlohmann/json.hpp>

#include <string>

namespace graphlens::planning {

// What the plan's costs were measured on, so replay-mix rebuilds the same network.
struct PlanContext {
    std::string family;     // or a model file
    std::string model;
    std::string precision;
    std::string scope;      // "network": requests are already on the device
    std::string memoryFormat;
    int defaultImgsz = 0;   // what imgsz 0 in the mix means
    std::string mix;        // the mix file
    std::string costsFrom;  // the session, or "measured now"
};

nlohmann::json toJson(const CapturePlan& plan, const PlanContext& context);
nlohmann::json toJson(const PlanFigures& figures);
// Throws std::invalid_argument naming the missing or malformed field.
PlanContext planContextFromJson(const nlohmann::json& json);
std::vector<RequestShape> capturedFromJson(const nlohmann::json& json);  // "chosen"."captured"
PlanFigures chosenFiguresFromJson(const nlohmann::json& json);

}  // namespace graphlens::planning
