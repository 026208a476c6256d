#pragma once
// Why a sweep refused a TorchScript model's graphs, in the sweep's rows (capture forensics): the
// diagnosis turns CUPTI's callbacks on, which must never happen in a process that times steps
// (DESIGN §2), so `graphlens-cli verify --model M --json` runs it in a process of its own after the
// timed passes, and its finding goes into the refused rows' refusal_* columns and message
// ("refused: capture failed at aten::nonzero in head.nms (cudaStreamSynchronize refused during capture)").
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "graphs/CaptureDiagnosis.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <vector>

namespace graphlens::bench {

// Rows refused by the check on load (graphed inference rows of a model file). Nothing when there are
// none, or the diagnosis finds nothing; a child that fails is one warning, the rows stay as they were.
void diagnoseRefusedRows(const results::SweepPlan& plan, const families::Family& family,
                         std::vector<results::Measurement>& rows, SweepEvents& events);

// Copies a diagnosis into a refused row: the refusal_* columns, and the message led by its summary.
void applyDiagnosis(const graphs::CaptureDiagnosis& diagnosis, results::Measurement& row);

}  // namespace graphlens::bench
