#pragma once
// Where graphlens-cli is, for the child processes the engine starts (profiled pass, verify --all).
#include <string>

namespace graphlens::bench {

// Absolute path of graphlens-cli: this executable, or the one beside it (tests, benchmarks).
std::string graphlensCliPath();

}  // namespace graphlens::bench
