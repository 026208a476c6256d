#pragma once
// The figures an eager/graphed row pair gets from its timed pass, shared by the inference and the
// training sweep so both compute speedup, its interval, VRAM delta, break-even and network fraction
// the same way (DESIGN §4).
#include "bench/SynchronizedPhaseTimer.h"
#include "graphs/DeviceMemory.h"
#include "results/Measurement.h"
#include "results/RoundStatistics.h"

#include <string>
#include <vector>

namespace graphlens::bench {

// Peak allocated/reserved VRAM since the last reset and the device's use; nothing on the CPU.
void fillPeaks(results::Measurement& row, const graphs::DeviceMemory& memory);

// steps, rounds, median, min, p90, CI and spreads from [round][step] milliseconds.
results::RoundSummary fillTiming(results::Measurement& row, const std::vector<std::vector<double>>& rounds);

// On the graphed row: speedup (eager median / graphed median) with its bootstrap interval over
// rounds, the VRAM delta against the eager row, and the replays that pay back `captureMs`.
void fillGraphedComparison(const results::Measurement& eager, results::Measurement& graphed,
                           const std::vector<std::vector<double>>& eagerRounds,
                           const std::vector<std::vector<double>>& graphedRounds, double captureMs);

// The phase pass's medians: data, forward, loss, backward, optimizer, postprocess (absent for a
// phase the step does not have).
void fillPhases(results::Measurement& row, const SynchronizedPhaseTimer& timer);

// network_fraction from the eager step's phases: network phases (forward, backward) / all phases;
// the graphed row (may be null) gets the same figure and the speedup ceiling 1 / (1 - fraction).
void fillNetworkFraction(results::Measurement& eager, results::Measurement* graphed);

void markFailed(results::Measurement& row, const std::string& status, const std::string& message);

// A row pair that failed at one batch size: the rows not finished yet become `oom` (out of memory
// anywhere, device or host) or `error`, with "out of memory at batch N: <cause>" or "failed at
// batch N: <cause>"; a graphed row already refused or skipped keeps its reason. Returns that line.
std::string markPairFailed(const std::exception& error, int batch, results::Measurement& eager, bool eagerDone,
                           results::Measurement& graphed, bool graphedDone);

}  // namespace graphlens::bench
