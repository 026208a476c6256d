#include "data/LabelTolerance.h"

#include "data/DatasetError.h"

#include <charconv>
#include <cmath>

namespace graphlens::data {
namespace {

// The shortest text that reads back as this float ("1.02", "inf").
std::string shortestFloatText(float value) {
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char text[32];
    const auto [end, error] = std::to_chars(text, text + sizeof text, value);
    return error == std::errc() ? std::string(text, end) : std::to_string(value);
}

void requireToleratedValue(float value, float low, const char* name, const std::string& at, bool fromPoints) {
    // Written so that NaN fails too, as numpy's comparisons fail on it.
    if (value >= low && value <= kLabelToleranceHigh) return;
    const std::string range = low < 0 ? "[-0.01, 1.01]" : "[0, 1.01]";
    if (fromPoints) {
        throw SampleDefect(at + ": the points' bounding box has " + name + " = " + shortestFloatText(value) + ", outside " + range +
                           " (expected normalised points whose bounding box reaches at most 1% past the image, as "
                           "Ultralytics allows)");
    }
    throw SampleDefect(at + ": " + name + " = " + shortestFloatText(value) + " is outside " + range +
                       " (expected a normalised value, at most 1% past the image, as Ultralytics allows)");
}

void requireAtLeast(float value, float low, const std::string& name, const std::string& at) {
    if (value >= low) return;  // NaN fails too
    throw SampleDefect(at + ": " + name + " = " + shortestFloatText(value) + " is below " + (low < 0 ? "-0.01" : "0") +
                       " (expected a normalised value, at most 1% past the image, as Ultralytics allows)");
}

}  // namespace

void requirePoseBoxWithinTolerance(const Box& box, const std::string& at) {
    requireAtLeast(box.cx, kLabelToleranceLow, "cx", at);
    requireAtLeast(box.cy, kLabelToleranceLow, "cy", at);
    requireAtLeast(box.w, 0.0f, "w", at);
    requireAtLeast(box.h, 0.0f, "h", at);
}

void requireKeypointWithinTolerance(const Keypoint& point, const std::string& name, bool withVisibility,
                                    const std::string& at) {
    requireToleratedValue(point.x, kLabelToleranceLow, (name + " x").c_str(), at, false);
    requireToleratedValue(point.y, kLabelToleranceLow, (name + " y").c_str(), at, false);
    if (withVisibility) requireAtLeast(point.visibility, kLabelToleranceLow, name + " visibility", at);
}

void requireLabelWithinTolerance(const Box& box, const std::string& at, bool fromPoints) {
    requireToleratedValue(box.cx, kLabelToleranceLow, "cx", at, fromPoints);
    requireToleratedValue(box.cy, kLabelToleranceLow, "cy", at, fromPoints);
    requireToleratedValue(box.w, 0.0f, "w", at, fromPoints);
    requireToleratedValue(box.h, 0.0f, "h", at, fromPoints);
}

}  // namespace graphlens::data
