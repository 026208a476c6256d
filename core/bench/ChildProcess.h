#pragma once
// Helpers for the passes that run in a child graphlens-cli (profiled pass, verify --all).
#include <string>

namespace graphlens::bench {

// Absolute path of graphlens-cli: this executable, or the one beside it (tests, benchmarks).
std::string graphlensCliPath();

// text in single quotes for /bin/sh, with embedded quotes escaped.
std::string shellQuoted(const std::string& text);

}  // namespace graphlens::bench
