#pragma once
// Measurement <-> JSON object with the same keys as the CSV header; absent optionals are omitted.
#include "results/Measurement.h"

#include <nlohmann/json.hpp>

namespace graphlens::results {

nlohmann::json toJson(const Measurement& m);
// Throws ResultsError("<where>: key: why") on a wrong type; unknown keys are ignored.
Measurement measurementFromJson(const nlohmann::json& object, const std::string& where);

}  // namespace graphlens::results
