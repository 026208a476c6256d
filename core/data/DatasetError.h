#pragma once
// The two kinds of bad input (issue "Datasets"): a structural error stops before any GPU work; a
// per-image defect skips that image with one warning line and is counted. what() names the file
// (and line where there is one) and says what was expected.
#include <functional>
#include <stdexcept>
#include <string>

namespace graphlens::data {

// The dataset as a whole cannot be used: a missing YAML key, a root that does not exist, an empty
// split, every image broken. Thrown while opening, never halfway through a run.
class DatasetError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One image (or its label file) is unusable; the caller skips it and carries on.
class SampleDefect : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A label line whose field count fits no accepted label format: seen is "4 fields", expected the
// formats the dataset accepts. Lets a dataset whose every image is skipped this way say which format
// it saw and which it expected.
class LabelFormatDefect : public SampleDefect {
public:
    LabelFormatDefect(const std::string& message, std::string seen, std::string expected)
        : SampleDefect(message), seen(std::move(seen)), expected(std::move(expected)) {}
    std::string seen;
    std::string expected;
};

// Receives one line per skipped image. Must be thread-safe when given to a DataLoader.
using WarningSink = std::function<void(const std::string&)>;

}  // namespace graphlens::data
