#pragma once
// A session and a request mix for the Plan tab's tests. Synthetic, not measurements: made-up round
// figures for resnet18 fp16 inference on a "synthetic" device (eager and graphed at batches 1 to 32,
// each graph with a pool of its own), and a made-up demand.
#include "results/Measurement.h"

#include <QString>
#include <nlohmann/json.hpp>

#include <vector>

namespace graphlens::ui::test {

// Eager 1.0 + 0.1·b ms, graphed 0.4 + 0.09·b ms, pool 20 + 3·b MiB, network scope (synthetic).
std::vector<results::Measurement> syntheticPlanRows(const std::string& family = "resnet18");
// Pooled-capture increments (synthetic) for every graphed batch of syntheticPlanRows().
nlohmann::json syntheticPooledEnvironment();
// 70% of requests at batch 1, then 10, 8, 6, 4 and 2% at 2, 4, 8, 16 and 32 (100 requests).
QString syntheticMixText();
// Writes `text` to `folder`/`name` and returns the path.
QString writeMix(const QString& folder, const QString& name, const QString& text);

}  // namespace graphlens::ui::test
