#pragma once
// Re-runs a capture attempt that failed, watched (capture forensics, DESIGN §3b): every CUDA runtime and
// driver call's return code through the profiler's FailedCallSource, and the operator and module each
// thread is in (OperatorInProgress.h). The attempt itself goes through the one capture path (a
// GraphRunner's capture), so what is diagnosed is what failed. Slow (every call and every operator
// calls back): run it only after a capture failed, and never in a process that still times steps.
#include "graphs/CaptureDiagnosis.h"

#include <functional>

namespace graphlens::graphs {

// Runs `attempt` (which is expected to throw) with the recording on, and says what broke it. A capture
// that does not fail this time gives kind None with `missing` saying so.
CaptureDiagnosis diagnoseCaptureAttempt(const std::function<void()>& attempt);

// "cudaErrorStreamCaptureUnsupported" and CUDA's sentence for a runtime or driver error code ("" in a
// build without CUDA). Driver and runtime codes of capture errors share their numbers.
std::string cudaErrorName(int code);
std::string cudaErrorText(int code);

}  // namespace graphlens::graphs
