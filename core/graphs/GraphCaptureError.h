#pragma once
#include <stdexcept>
#include <string>

namespace graphlens::graphs {

// A capture failed (an op that synchronises, a CPU read of a GPU value, a forbidden allocation, or
// memory). The message names the family and carries the CUDA reason; the runner is usable
// (eagerly) after it. Out of memory is decided once, where the original exception is caught, and
// carried here: isOutOfMemory() reads the flag, never this message.
class GraphCaptureError : public std::runtime_error {
public:
    explicit GraphCaptureError(const std::string& message, bool outOfMemory = false)
        : std::runtime_error(message), outOfMemory_(outOfMemory) {}
    bool outOfMemory() const { return outOfMemory_; }

private:
    bool outOfMemory_;
};

}  // namespace graphlens::graphs
