#pragma once
#include <stdexcept>

namespace graphlens::bench {

// Bad arguments or input: exit code 2, nothing run, nothing written.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace graphlens::bench
