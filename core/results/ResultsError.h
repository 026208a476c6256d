#pragma once
#include <stdexcept>
#include <string>

namespace graphlens::results {

// Thrown by every reader and writer here; what() names the file (and line where there is one).
class ResultsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace graphlens::results
