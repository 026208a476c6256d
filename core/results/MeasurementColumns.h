#pragma once
// The single list of Measurement fields: CSV header order, JSON keys and their documentation all
// come from here, so the writers, readers and README cannot drift apart.
#include "results/Measurement.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace graphlens::results {

using MeasurementField = std::variant<std::string Measurement::*, int Measurement::*,
                                      std::optional<double> Measurement::*>;

struct MeasurementColumn {
    std::string_view name;
    MeasurementField field;
    std::string_view doc;
};

std::span<const MeasurementColumn> measurementColumns();

// Text form used in CSV cells: shortest round-trip for numbers, empty for an absent optional.
std::string formatCell(const Measurement& m, const MeasurementColumn& column);

// Parses `text` into the column's field; returns an error message (empty on success).
std::string parseCell(Measurement& m, const MeasurementColumn& column, std::string_view text);

}  // namespace graphlens::results
