#pragma once
// Measurement rows as a sweep of one family produces them: eager + graphed per batch.
#include "results/Measurement.h"

#include <string>
#include <vector>

namespace graphlens::ui::test {

results::Measurement eagerRow(int batch, double stepMs);
results::Measurement graphedRow(int batch, double stepMs, double speedup);
// resnet18 fp16 infer at batches 1, 8, 32 with speedups 2.1, 1.3, 1.05.
std::vector<results::Measurement> threeBatchSweep();

// A training row of resnet18 amp-fp16 in one graph scope ("network" or "step"), shaped like the
// engine's (phase pass columns per scope and arm, speedup on graphed rows). Synthetic figures,
// device "synthetic": nothing here was measured.
results::Measurement trainingRow(const std::string& scope, const std::string& arm, int batch, double stepMs);
// Eager + graphed training rows at batch 8 in both graph scopes (network first).
std::vector<results::Measurement> twoScopeTraining();

}  // namespace graphlens::ui::test
