#pragma once
// A session merged from two fake machines (graphlens-cli merge): hosts node-a and node-b, an H200
// and an L4 told apart by GPU UUID, each with its own driver in the merged environment. Test data,
// not measurements; shared by the Series by tests of the window, the chart exports and the report.
#include "results/Measurement.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <string>
#include <vector>

class QTemporaryDir;

namespace graphlens::ui {
class MainWindow;
}

namespace graphlens::ui::test {

inline constexpr const char* kMergedUuidA = "GPU-1a2b3c4d-1111-2222-3333-444455556666";
inline constexpr const char* kMergedUuidB = "GPU-9f8e7d6c-aaaa-bbbb-cccc-ddddeeeeffff";

// One machine's sweep of resnet18 fp16 at batches 1, 8, 32: eager and graphed step times (eager
// 1.452, 2.905, 9.812 ms times `scale`) whose ratio is the speedup given.
std::vector<results::Measurement> machineRows(const std::string& session, const std::string& host,
                                              const std::string& device, const std::string& uuid, double scale,
                                              const std::vector<double>& speedups);
// node-a's H200 (speedups 2.1, 1.3, 1.05) and node-b's L4 (1.6, 1.1, 1.02, twice as slow).
std::vector<results::Measurement> mergedRows();
// The environment graphlens-cli merge writes: each source's own under "merged" (drivers 580.95.05, 575.57.08).
nlohmann::json fakeMergedEnvironment();
// mergedRows() with that environment as dir/merged.json; returns its path.
QString writeMergedSession(const QTemporaryDir& dir);
// Posted events (layouts, deferred redraws) delivered, a few rounds.
void settleMachines();
// `window` opens writeMergedSession(dir), is shown and exposed, and settles; false when any step fails.
bool openMergedWindow(MainWindow& window, const QTemporaryDir& dir);

}  // namespace graphlens::ui::test
