#pragma once
// The columns of a profiled row (pass = "profiled"), filled from one CUPTI window over its steps:
// launches, kernels, launch CPU time, GPU busy and idle, network GPU share, launch delays and the
// per-phase wall/GPU pairs. Shared by the inference and the training profiled passes.
#include "profiler/ProfileSession.h"
#include "results/Measurement.h"

#include <string>
#include <vector>

namespace graphlens::bench {

// Step times from `stepsMs` (host clock); the rest from the window's metrics, or status `error`
// with the reason when CUPTI was not available.
void fillFromMetrics(results::Measurement& row, const profiler::ProfileResult& result, const std::vector<double>& stepsMs,
                     const std::vector<double>& unprofiledStepsMs = {});

// `row` for `arm` with a status and message instead of figures.
results::Measurement failedProfiledRow(results::Measurement row, const char* arm, const std::string& status,
                                       const std::string& message);

}  // namespace graphlens::bench
