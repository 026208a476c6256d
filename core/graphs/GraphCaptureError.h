#pragma once
#include <stdexcept>
#include <string>

namespace graphlens::graphs {

// A capture failed (an op that synchronises, a CPU read of a GPU value, a forbidden allocation).
// The message names the family and carries the CUDA reason; the runner is usable (eagerly) after it.
class GraphCaptureError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace graphlens::graphs
