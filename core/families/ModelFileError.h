#pragma once
// A user's model file cannot be used: not TorchScript, wrong input, outputs that are not tensors,
// CPU-only operations. An input error (exit code 2), never a crash; the message names the file.
#include <stdexcept>
#include <string>

namespace graphlens::families {

class ModelFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace graphlens::families
