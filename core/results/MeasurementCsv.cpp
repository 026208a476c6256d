#include "results/MeasurementCsv.h"

#include "results/AtomicFile.h"
#include "results/MeasurementColumns.h"
#include "results/ResultsError.h"
#include "results/TextFile.h"

#include <optional>

namespace graphlens::results {
namespace {

std::string quoted(const std::string& cell) {
    if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
    std::string out = "\"";
    for (char c : cell) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

// Splits one record; a quoted field may span lines, so the caller hands in the rest of the text.
std::vector<std::string> splitRecord(const std::string& text, std::size_t& pos, int& line,
                                     const std::string& sourceName) {
    std::vector<std::string> cells(1);
    bool inQuotes = false;
    const int startLine = line;
    while (pos < text.size()) {
        const char c = text[pos++];
        if (inQuotes) {
            if (c == '"' && pos < text.size() && text[pos] == '"') {
                cells.back() += '"';
                ++pos;
            } else if (c == '"') {
                inQuotes = false;
            } else {
                if (c == '\n') ++line;
                cells.back() += c;
            }
        } else if (c == '"') {
            inQuotes = true;
        } else if (c == ',') {
            cells.emplace_back();
        } else if (c == '\n') {
            ++line;
            return cells;
        } else if (c != '\r') {
            cells.back() += c;
        }
    }
    if (inQuotes) {
        throw ResultsError(sourceName + ":" + std::to_string(startLine) + ": unterminated quoted field");
    }
    ++line;
    return cells;
}

}  // namespace

std::string toCsv(const std::vector<Measurement>& rows) {
    std::string out;
    const auto columns = measurementColumns();
    for (std::size_t i = 0; i < columns.size(); ++i) {
        out += (i ? "," : "") + std::string(columns[i].name);
    }
    out += '\n';
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < columns.size(); ++i) {
            out += (i ? "," : "") + quoted(formatCell(row, columns[i]));
        }
        out += '\n';
    }
    return out;
}

void writeCsv(const std::filesystem::path& path, const std::vector<Measurement>& rows) {
    writeFileAtomically(path, toCsv(rows));
}

std::vector<Measurement> parseCsv(const std::string& text, const std::string& sourceName) {
    std::size_t pos = 0;
    int line = 1;
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) pos = 3;  // spreadsheets like to add a BOM
    if (pos >= text.size()) throw ResultsError(sourceName + ":1: empty file, expected a CSV header");
    const auto header = splitRecord(text, pos, line, sourceName);

    std::vector<std::optional<MeasurementColumn>> byPosition;
    bool any = false;
    for (const auto& name : header) {
        std::optional<MeasurementColumn> match;
        for (const auto& column : measurementColumns()) {
            if (column.name == name) match = column;
        }
        any = any || match.has_value();
        byPosition.push_back(match);
    }
    if (!any) {
        throw ResultsError(sourceName + ":1: not a GraphLens CSV (no known column in the header; "
                                        "expected e.g. family,batch,arm,step_ms_median)");
    }

    std::vector<Measurement> rows;
    while (pos < text.size()) {
        const int rowLine = line;
        const auto cells = splitRecord(text, pos, line, sourceName);
        if (cells.size() == 1 && cells[0].empty()) continue;  // blank line
        if (cells.size() != header.size()) {
            throw ResultsError(sourceName + ":" + std::to_string(rowLine) + ": " +
                               std::to_string(cells.size()) + " fields, header has " +
                               std::to_string(header.size()));
        }
        Measurement row;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (!byPosition[i]) continue;
            const auto error = parseCell(row, *byPosition[i], cells[i]);
            if (!error.empty()) {
                throw ResultsError(sourceName + ":" + std::to_string(rowLine) + ": column " +
                                   std::string(byPosition[i]->name) + ": " + error);
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<Measurement> readCsv(const std::filesystem::path& path) {
    return parseCsv(readTextFile(path), path.string());
}

}  // namespace graphlens::results
