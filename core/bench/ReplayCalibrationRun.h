#pragma once
// The calibration micro-benchmark (DESIGN §3b): what a graph replay costs on this device beyond its
// kernels. Graphs of 1, 10, 100 and 1,000 small kernels are captured and replayed through the one
// GraphRunner, the same path a family's graph takes (static-input copy, replay, synchronize), in two
// stages that never share graphs:
//   1. host:  each graph's replay plus synchronize, timed on the host clock with CUPTI untouched;
//   2. GPU:   graph-level CUPTI tracing armed, the same graphs again: the span of each replay and the
//             duration of the same kernel run eagerly.
// Stage 2 switches CUPTI's activity tracing on for the rest of the process, so it runs in a process of
// its own (`graphlens-cli calibrate`), never in one that times anything afterwards.
#include "advisor/ReplayCalibration.h"

namespace graphlens::bench {

// Needs a CUDA device (throws std::runtime_error otherwise, or when CUPTI cannot trace the GPU).
// gpuUuid, driverVersion and device are left for the caller (it has the session's environment).
advisor::ReplayCalibration measureReplayCalibration();

}  // namespace graphlens::bench
