#pragma once
// graphlens-cli's exit codes and how an error reaches stderr: every command reports the same way.
#include <iostream>
#include <string>

namespace graphlens::cli {

constexpr int kRunFailed = 1;     // a run failed (the message says why)
constexpr int kBadArguments = 2;  // bad arguments or input

inline int usageError(const std::string& message) {
    std::cerr << "graphlens-cli: " << message << "\n";
    return kBadArguments;
}

// First line of a libtorch error: the rest is a C++ backtrace.
inline std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace graphlens::cli
