#pragma once
// Measurement rows as a sweep of one family produces them: eager + graphed per batch.
#include "results/Measurement.h"

#include <vector>

namespace graphlens::ui::test {

results::Measurement eagerRow(int batch, double stepMs);
results::Measurement graphedRow(int batch, double stepMs, double speedup);
// resnet18 fp16 infer at batches 1, 8, 32 with speedups 2.1, 1.3, 1.05.
std::vector<results::Measurement> threeBatchSweep();

}  // namespace graphlens::ui::test
