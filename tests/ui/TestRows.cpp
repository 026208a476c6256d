#include "TestRows.h"

namespace graphlens::ui::test {

results::Measurement eagerRow(int batch, double stepMs) {
    results::Measurement m;
    m.session_id = "20261129-071728-4f2a";
    m.family = "resnet18";
    m.task = "classify";
    m.phase = "infer";
    m.batch = batch;
    m.imgsz = 224;
    m.precision = "fp16";
    m.arm = "eager";
    m.pass = "timed";
    m.device = "NVIDIA H200";
    m.status = "ok";
    m.steps = 24;
    m.step_ms_median = stepMs;
    m.step_ms_min = stepMs * 0.97;
    m.step_ms_ci_low = stepMs * 0.99;
    m.step_ms_ci_high = stepMs * 1.01;
    m.vram_peak_reserved_mb = 40.0 * batch;
    return m;
}

results::Measurement graphedRow(int batch, double stepMs, double speedup) {
    auto m = eagerRow(batch, stepMs);
    m.arm = "graphed";
    m.speedup = speedup;
    m.speedup_ci_low = speedup - 0.05;
    m.speedup_ci_high = speedup + 0.05;
    m.vram_delta_reserved_mb = 35.5 * batch;
    m.capture_ms = 18.25;
    m.replays = 29;
    return m;
}

std::vector<results::Measurement> threeBatchSweep() {
    return {eagerRow(1, 1.452), graphedRow(1, 0.691, 2.1),  eagerRow(8, 2.905),
            graphedRow(8, 2.235, 1.3), eagerRow(32, 9.812), graphedRow(32, 9.345, 1.05)};
}

results::Measurement trainingRow(const std::string& scope, const std::string& arm, int batch, double stepMs) {
    auto m = eagerRow(batch, stepMs);
    m.session_id = "test-training";
    m.device = "synthetic";
    m.phase = "train";
    m.precision = "amp-fp16";
    m.memory_format = "nchw";
    m.scope = scope;
    m.arm = arm;
    m.data_ms = 0.25;
    m.network_fraction = 0.8;
    if (arm == "graphed" && scope == "step") {  // the whole step is one replay, timed whole
        m.replay_ms = stepMs * 0.9;
        return m;
    }
    m.forward_ms = stepMs * 0.3;
    m.loss_ms = stepMs * 0.05;
    m.backward_ms = stepMs * 0.5;
    m.optimizer_ms = stepMs * 0.1;
    return m;
}

std::vector<results::Measurement> twoScopeTraining() {
    auto graphed = [](const std::string& scope, double stepMs, double speedup, double replays, double deltaMb) {
        auto m = trainingRow(scope, "graphed", 8, stepMs);
        m.graph_mode = "auto";
        m.speedup = speedup;
        m.speedup_ci_low = speedup - 0.02;
        m.speedup_ci_high = speedup + 0.02;
        m.replays = replays;
        m.eager_fallbacks = 3;
        m.vram_delta_reserved_mb = deltaMb;
        m.launches = scope == "step" ? 1 : 4;
        return m;
    };
    auto eager = [](const std::string& scope, double stepMs) {
        auto m = trainingRow(scope, "eager", 8, stepMs);
        m.launches = 400;
        return m;
    };
    return {eager("network", 12.0), graphed("network", 10.0, 1.2, 90, 64), eager("step", 12.5),
            graphed("step", 8.0, 1.5625, 91, 96)};
}

}  // namespace graphlens::ui::test
