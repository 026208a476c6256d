#pragma once
// The profiled pass of training steps (DESIGN §2), in the profiling process beside the inference
// one: for each batch size and training graph scope of the plan, the same row pair as the timed
// training sweep (TrainingSweepArms, TrainingSweepStep, the same real batch), warmed up and, for
// the graphed arm, captured before CUPTI starts; then each arm's steps under a CUPTI window of their
// own. Rows carry pass = "profiled", phase = "train" and the scope; the trace gets one section per
// arm ("resnet18 training batch 8 network scope eager").
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "profiler/ChromeTrace.h"
#include "profiler/CuptiActivitySource.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

// Appends the rows to `rows` and the profiled steps to `trace`; each window records `records`.
// Needs a CUDA device.
void profileTrainingSteps(const results::SweepPlan& plan, const families::Family& family, const std::string& sessionId,
                          SweepEvents& events, const BenchmarkBatch& batches, profiler::CuptiRecords records,
                          profiler::ChromeTrace& trace, std::vector<results::Measurement>& rows,
                          std::optional<double> replayGapUs = std::nullopt);

}  // namespace graphlens::bench
