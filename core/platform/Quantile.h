#pragma once
// The one quantile of the project: step times (results), launch delays and phase ranges (profiler)
// and sampled clocks (ClockSampler) all use it. It lives here, the lowest plain C++ target, because
// every one of those links this folder and none of them may link the others' engine code.
#include <vector>

namespace graphlens::platform {

// Linear interpolation between closest ranks (numpy's default), q clamped to [0, 1]; the input is
// copied. Throws std::invalid_argument for no values (a caller error, never a silent 0).
double quantile(std::vector<double> values, double q);

}  // namespace graphlens::platform
