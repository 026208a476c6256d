#pragma once
// Made-up eager rows for the advisor's tests: only the figures a prediction reads, in round numbers
// chosen so each expected value can be worked out by hand. Not measurements.
#include "advisor/ReplayCalibration.h"
#include "results/Measurement.h"

namespace graphlens::advisor::testing {

// 2 us between kernels of a replay, 10 us of host work per replay.
inline ReplayCalibration calibration() {
    ReplayCalibration c;
    c.gapUsPerKernel = 2;
    c.hostUsPerReplay = 10;
    return c;
}

inline results::Measurement eagerInference() {
    results::Measurement m;
    m.session_id = "s";
    m.family = "resnet18";
    m.task = "classify";
    m.phase = "infer";
    m.batch = 1;
    m.imgsz = 224;
    m.precision = "fp16";
    m.scope = "step";
    m.arm = "eager";
    m.pass = "timed";
    m.status = "ok";
    return m;
}

// Launch-bound: forward takes 2 ms on the host while its 50 kernels keep the GPU busy 0.3 ms.
inline results::Measurement launchBoundInference() {
    auto m = eagerInference();
    m.step_ms_median = 2.2;
    m.data_ms = 0.05;
    m.forward_ms = 2.0;
    m.postprocess_ms = 0.1;
    m.forward_gpu_us = 300;
    m.forward_kernels = 50;
    return m;
}

// The launch-bound step with an upload of 0.02 ms (of 0.05) and a postprocess of 0.6 ms, `postGpuUs` of
// it on the GPU, that runs `beforeWaitUs` on the host before its first wait for the GPU.
inline results::Measurement inferenceWithPostprocess(double postGpuUs, double beforeWaitUs) {
    auto m = launchBoundInference();
    m.data_ms = 0.05;
    m.data_gpu_us = 20;
    m.postprocess_ms = 0.6;
    m.postprocess_gpu_us = postGpuUs;
    m.postprocess_host_before_wait_us = beforeWaitUs;
    m.step_ms_median = 2.7;
    return m;
}

// GPU-bound: forward's 50 kernels keep the GPU busy 9.8 of its 10 ms.
inline results::Measurement gpuBoundInference() {
    auto m = eagerInference();
    m.batch = 64;
    m.step_ms_median = 10.2;
    m.data_ms = 0.1;
    m.forward_ms = 10.0;
    m.postprocess_ms = 0.1;
    m.forward_gpu_us = 9800;
    m.forward_kernels = 50;
    return m;
}

inline results::Measurement trainingRow(const char* scope) {
    auto m = eagerInference();
    m.phase = "train";
    m.scope = scope;
    m.step_ms_median = 9.0;
    m.data_ms = 0.2;
    m.forward_ms = 2.0;
    m.loss_ms = 0.3;
    m.backward_ms = 6.0;
    m.optimizer_ms = 0.5;
    m.forward_gpu_us = 500;
    m.forward_kernels = 60;
    m.loss_gpu_us = 20;
    m.loss_kernels = 5;
    m.backward_gpu_us = 1000;
    m.backward_kernels = 120;
    m.optimizer_gpu_us = 100;
    m.optimizer_kernels = 4;
    return m;
}

}  // namespace graphlens::advisor::testing
