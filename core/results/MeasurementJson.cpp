#include "results/MeasurementJson.h"

#include "results/MeasurementColumns.h"
#include "results/ResultsError.h"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace graphlens::results {

nlohmann::json toJson(const Measurement& m) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& column : measurementColumns()) {
        std::visit(
            [&](auto member) {
                const auto& value = m.*member;
                using V = std::decay_t<decltype(value)>;
                if constexpr (std::is_same_v<V, std::optional<double>>) {
                    if (value) object[std::string(column.name)] = *value;
                } else {
                    object[std::string(column.name)] = value;
                }
            },
            column.field);
    }
    return object;
}

Measurement measurementFromJson(const nlohmann::json& object, const std::string& where) {
    if (!object.is_object()) throw ResultsError(where + ": expected a JSON object for a row");
    Measurement m;
    for (const auto& column : measurementColumns()) {
        const auto it = object.find(std::string(column.name));
        if (it == object.end() || it->is_null()) continue;
        std::visit(
            [&](auto member) {
                auto& value = m.*member;
                using V = std::decay_t<decltype(value)>;
                const bool ok = std::is_same_v<V, std::string> ? it->is_string()
                                : std::is_same_v<V, int>      ? it->is_number_integer()
                                                              : it->is_number();
                if (!ok) {
                    throw ResultsError(where + ": key " + std::string(column.name) +
                                       " has the wrong type (" + it->type_name() + ")");
                }
                if constexpr (std::is_same_v<V, int>) {
                    const auto wide = it->template get<std::int64_t>();
                    if (wide < std::numeric_limits<int>::min() || wide > std::numeric_limits<int>::max()) {
                        throw ResultsError(where + ": key " + std::string(column.name) +
                                           " is out of range (" + std::to_string(wide) + ")");
                    }
                }
                if constexpr (std::is_same_v<V, std::optional<double>>) {
                    value = it->template get<double>();
                } else {
                    value = it->template get<V>();
                }
            },
            column.field);
    }
    return m;
}

}  // namespace graphlens::results
