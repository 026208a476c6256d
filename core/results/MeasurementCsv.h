#pragma once
// Tidy CSV: one header line (the names of measurementColumns(), in order), one row per Measurement,
// RFC 4180 quoting, UTF-8, '\n' line ends. Opens as is in pandas and spreadsheets.
#include "results/Measurement.h"

#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::results {

std::string toCsv(const std::vector<Measurement>& rows);
void writeCsv(const std::filesystem::path& path, const std::vector<Measurement>& rows);

// Columns are matched by header name: unknown columns are ignored, missing ones keep their
// defaults, so files from older and newer versions still open. Throws ResultsError "file:line: why".
std::vector<Measurement> parseCsv(const std::string& text, const std::string& sourceName);
std::vector<Measurement> readCsv(const std::filesystem::path& path);

}  // namespace graphlens::results
