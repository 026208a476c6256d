#pragma once
#include <stdexcept>

namespace graphlens::train {

// Bad arguments or input (a task the dataset cannot feed, a batch larger than the split, a file
// that is not a GraphLens checkpoint, an unwritable output folder): exit code 2, nothing written.
class TrainingInputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The run started and could not finish (out of memory at this batch size): exit code 1. The last
// checkpoint, if any, is kept.
class TrainingFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace graphlens::train
