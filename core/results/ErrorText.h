#pragma once
// The one line of an exception's text that says why, for tables, CSV messages and logs.
#include <string>

namespace graphlens::results {

// Usually the first line (libtorch appends a C++ backtrace). An error raised inside the TorchScript
// interpreter opens with "The following operation failed in the TorchScript interpreter." and two
// tracebacks: its cause ("RuntimeError: mat1 and mat2 shapes cannot be multiplied ...") is the last
// line, returned without the "RuntimeError: " prefix.
std::string errorCause(const std::string& what);

}  // namespace graphlens::results
