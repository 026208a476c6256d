#include "data/LabelFile.h"

#include "data/DatasetError.h"
#include "data/PathText.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

namespace graphlens::data {
namespace {

float parseCoordinate(const std::string& token, const char* name, const std::string& at) {
    float value = 0;
    const auto* end = token.data() + token.size();
    const auto [stop, error] = std::from_chars(token.data(), end, value);
    if (error != std::errc() || stop != end) {
        throw SampleDefect(at + ": " + name + " '" + token + "' is not a number (expected a normalised value in [0, 1])");
    }
    if (std::isnan(value)) throw SampleDefect(at + ": " + name + " is NaN (expected a normalised value in [0, 1])");
    if (value < 0.0f || value > 1.0f) {
        throw SampleDefect(at + ": " + name + " = " + token + " is outside [0, 1] (expected a normalised value)");
    }
    return value;
}

}  // namespace

std::vector<Box> readLabelFile(const std::filesystem::path& path, int classCount) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw SampleDefect(where(path) + ": cannot be read (expected a readable label file)");
    const std::string expectedIds = "expected 0.." + std::to_string(classCount - 1);
    std::vector<Box> boxes;
    std::string line;
    int lineNumber = 0;
    while (std::getline(file, line)) {
        ++lineNumber;
        std::istringstream fields(line);
        std::vector<std::string> tokens;
        for (std::string token; fields >> token;) tokens.push_back(token);
        if (tokens.empty()) continue;
        const std::string at = where(path, lineNumber);
        if (tokens.size() != 5) {
            throw SampleDefect(at + ": expected 5 fields (class cx cy w h), found " + std::to_string(tokens.size()));
        }
        Box box;
        const auto& id = tokens[0];
        const auto [stop, error] = std::from_chars(id.data(), id.data() + id.size(), box.cls);
        if (error != std::errc() || stop != id.data() + id.size()) {
            throw SampleDefect(at + ": class id '" + id + "' is not an integer (" + expectedIds + ")");
        }
        if (box.cls < 0 || box.cls >= classCount) {
            throw SampleDefect(at + ": class id " + id + " is out of range (" + expectedIds +
                               " for nc = " + std::to_string(classCount) + ")");
        }
        box.cx = parseCoordinate(tokens[1], "cx", at);
        box.cy = parseCoordinate(tokens[2], "cy", at);
        box.w = parseCoordinate(tokens[3], "w", at);
        box.h = parseCoordinate(tokens[4], "h", at);
        boxes.push_back(box);
    }
    return boxes;
}

}  // namespace graphlens::data
