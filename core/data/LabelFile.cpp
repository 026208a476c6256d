#include "data/LabelFile.h"

#include "data/DatasetError.h"
#include "data/LabelTolerance.h"
#include "data/PathText.h"
#include "data/RegularFile.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <limits>
#include <string>

namespace graphlens::data {
namespace {

// The token as a float, as Ultralytics' numpy reads it; range is only for the message ("[0, 1]").
float readLabelNumber(const std::string& token, const std::string& name, const std::string& at, const std::string& range,
                      const char* expected) {
    // Read as a double, as Ultralytics' Python reads it: "1e-50" is a number (a float32 would call it
    // out of range), and one below even a double's range is 0, one above it infinite.
    double read = 0;
    const auto* end = token.data() + token.size();
    auto [stop, error] = std::from_chars(token.data(), end, read);
    if (error == std::errc::result_out_of_range && stop == end) {
        const bool tiny = token.find("e-") != std::string::npos || token.find("E-") != std::string::npos;
        read = tiny ? 0.0 : (token.front() == '-' ? -HUGE_VAL : HUGE_VAL);
        error = std::errc();
    }
    const float value = std::isfinite(read) && std::fabs(read) > std::numeric_limits<float>::max()
                            ? static_cast<float>(std::copysign(HUGE_VAL, read))
                            : static_cast<float>(read);
    if (error != std::errc() || stop != end) {
        throw SampleDefect(at + ": " + name + " '" + token + "' is not a number (expected " + expected + " in " + range + ")");
    }
    if (std::isnan(value)) throw SampleDefect(at + ": " + name + " is NaN (expected " + expected + " in " + range + ")");
    return value;
}

// Box and polygon values: any number here; LabelTolerance.h decides how far past the image they reach.
float looseCoordinate(const std::string& token, const std::string& name, const std::string& at) {
    return readLabelNumber(token, name, at, "[0, 1]", "a normalised value");
}

int classId(const std::string& id, const std::string& at, int classCount) {
    const std::string expectedIds = "expected 0.." + std::to_string(classCount - 1);
    const auto* end = id.data() + id.size();
    long long value = 0;
    const auto [stop, error] = std::from_chars(id.data(), end, value);
    bool integral = error == std::errc() && stop == end;
    if (!integral) {
        // Exporters that go through floats write "16.0": accept an integral value, nothing else.
        double real = 0;
        const auto [realStop, realError] = std::from_chars(id.data(), end, real);
        if (realError == std::errc() && realStop == end && std::isfinite(real) && std::floor(real) == real &&
            std::fabs(real) < 1e9) {
            value = static_cast<long long>(real);
            integral = true;
        }
    }
    if (!integral) throw SampleDefect(at + ": class id '" + id + "' is not an integer (" + expectedIds + ")");
    if (value < 0 || value >= classCount) {
        throw SampleDefect(at + ": class id " + id + " is out of range (" + expectedIds + " for nc = " +
                           std::to_string(classCount) + ")");
    }
    return static_cast<int>(value);
}

// As Ultralytics' segments2boxes: min and max of the points in float32, then centre and size.
Box boundsOf(int cls, const std::vector<Point>& points) {
    float x0 = points.front().x, y0 = points.front().y, x1 = x0, y1 = y0;
    for (const auto& p : points) {
        x0 = std::min(x0, p.x);
        y0 = std::min(y0, p.y);
        x1 = std::max(x1, p.x);
        y1 = std::max(y1, p.y);
    }
    return {cls, (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0};
}

std::string fieldsText(std::size_t count) { return std::to_string(count) + (count == 1 ? " field" : " fields"); }

}  // namespace

Polygon rectangleOf(const Box& box) {
    const float x0 = box.cx - box.w / 2, x1 = box.cx + box.w / 2, y0 = box.cy - box.h / 2, y1 = box.cy + box.h / 2;
    return {box.cls, {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

std::string expectedLabelFields(const LabelRules& rules) {
    switch (rules.task) {
        case LabelRules::Task::Pose: {
            const int total = 5 + rules.keypoints * rules.keypointDims;
            return std::to_string(total) + " fields: class cx cy w h and " + std::to_string(rules.keypoints) + " keypoints " +
                   (rules.keypointDims == 3 ? "x y visibility" : "x y") + ", from kpt_shape [" + std::to_string(rules.keypoints) +
                   ", " + std::to_string(rules.keypointDims) + "]";
        }
        case LabelRules::Task::Obb:
            return "9 fields: class x1 y1 x2 y2 x3 y3 x4 y4, an oriented box, as the YAML says task: obb";
        default:
            return "5 fields: class cx cy w h, or a class and 3 or more x y polygon points: 7, 9, 11, ... fields";
    }
}

Labels readLabels(const std::filesystem::path& path, const LabelRules& rules) {
    if (const auto problem = regularFileProblem(path, kMaxLabelFileBytes, "a label file")) {
        throw SampleDefect(where(path) + ": " + *problem);
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) throw SampleDefect(where(path) + ": cannot be read (expected a readable label file)");
    Labels labels;
    std::string line;
    int lineNumber = 0;
    const std::string expected = expectedLabelFields(rules);
    const std::size_t poseFields = 5 + static_cast<std::size_t>(rules.keypoints) * rules.keypointDims;
    bool anyPolygon = false;
    while (std::getline(file, line)) {
        ++lineNumber;
        if (lineNumber == 1) {
            if (line.rfind("\xEF\xBB\xBF", 0) == 0) {
                line.erase(0, 3);  // a UTF-8 byte-order mark (Windows editors write one)
            } else if (line.rfind("\xFF\xFE", 0) == 0 || line.rfind("\xFE\xFF", 0) == 0) {
                throw SampleDefect(where(path) + ": is UTF-16 text (byte-order mark " +
                                   std::string(line[0] == '\xFF' ? "FF FE" : "FE FF") + "; expected UTF-8 or ASCII text)");
            }
        }
        std::istringstream fields(line);
        std::vector<std::string> tokens;
        for (std::string token; fields >> token;) tokens.push_back(token);
        if (tokens.empty()) continue;
        const std::string at = where(path, lineNumber);
        const std::size_t n = tokens.size();
        enum { BoxLine, PolygonLine, PoseLine } kind = BoxLine;
        if (rules.task == LabelRules::Task::Pose) {
            if (n != poseFields) {
                throw LabelFormatDefect(at + ": " + fieldsText(n) + " (expected " + expected + ")", fieldsText(n), expected);
            }
            kind = PoseLine;
        } else if (rules.task == LabelRules::Task::Obb) {
            if (n != 9) throw LabelFormatDefect(at + ": " + fieldsText(n) + " (expected " + expected + ")", fieldsText(n), expected);
            kind = PolygonLine;
        } else if (n == 5) {
            kind = BoxLine;
        } else if (n >= 7 && n % 2 == 1) {
            kind = PolygonLine;
        } else {
            std::string hint;
            if (n > 5 && n % 2 == 0) hint = "; an even count is no polygon: pose labels need kpt_shape in the YAML";
            throw LabelFormatDefect(at + ": " + fieldsText(n) + " fit no label format (expected " + expected + hint + ")",
                                    fieldsText(n), expected);
        }
        const int cls = classId(tokens[0], at, rules.classCount);
        if (kind == PolygonLine) {
            Polygon polygon{cls, {}};
            for (std::size_t k = 1; k + 1 < n; k += 2) {
                const std::string index = std::to_string((k + 1) / 2);
                polygon.points.push_back({looseCoordinate(tokens[k], "x" + index, at), looseCoordinate(tokens[k + 1], "y" + index, at)});
            }
            labels.boxes.push_back(boundsOf(cls, polygon.points));
            requireLabelWithinTolerance(labels.boxes.back(), at, /*fromPoints=*/true);
            labels.polygons.push_back(std::move(polygon));
            ++(n == 9 ? labels.quadLines : labels.polygonLines);
            anyPolygon = true;
            continue;
        }
        Box box{cls, looseCoordinate(tokens[1], "cx", at), looseCoordinate(tokens[2], "cy", at),
                looseCoordinate(tokens[3], "w", at), looseCoordinate(tokens[4], "h", at)};
        if (kind == BoxLine) requireLabelWithinTolerance(box, at, /*fromPoints=*/false);
        if (kind == PoseLine) requirePoseBoxWithinTolerance(box, at);
        labels.boxes.push_back(box);
        labels.polygons.push_back(rectangleOf(box));  // dropped below when the file has no polygon line
        if (kind == PoseLine) {
            for (int k = 0; k < rules.keypoints; ++k) {
                const std::size_t first = 5 + static_cast<std::size_t>(k) * rules.keypointDims;
                const std::string name = "keypoint " + std::to_string(k + 1);
                Keypoint point{looseCoordinate(tokens[first], name + " x", at),
                               looseCoordinate(tokens[first + 1], name + " y", at), 2.0f};
                if (rules.keypointDims == 3) {
                    point.visibility = readLabelNumber(tokens[first + 2], name + " visibility", at, "[0, 2]",
                                                       "0 not labelled, 1 occluded, 2 visible");
                } else if (point.x < 0 || point.y < 0) {
                    point.visibility = 0;  // as Ultralytics marks an x y keypoint with a negative coordinate
                }
                requireKeypointWithinTolerance(point, name, rules.keypointDims == 3, at);
                labels.keypoints.push_back(point);
            }
        } else {
            ++labels.boxLines;
        }
    }
    if (!anyPolygon) labels.polygons.clear();
    return labels;
}

std::vector<Box> readLabelFile(const std::filesystem::path& path, int classCount) {
    LabelRules rules;
    rules.classCount = classCount;
    return readLabels(path, rules).boxes;
}

}  // namespace graphlens::data
