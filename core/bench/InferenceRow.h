#pragma once
// The identity of a sweep row (session, family, batch, size, precision, pass, device), shared
// by the timed sweep and the profiled pass so their rows always match up for merging.
#include "bench/BuildFacts.h"
#include "bench/Environment.h"
#include "families/Family.h"
#include "graphlens/config.h"
#include "platform/SystemNames.h"
#include "results/Measurement.h"

#include <string>

namespace graphlens::bench {

inline results::Measurement inferenceRow(const std::string& sessionId, const families::Family& family, int batch,
                                         int imgsz, const std::string& precision, const std::string& pass,
                                         const std::string& device) {
    results::Measurement row;
    row.session_id = sessionId;
    row.graphlens_version = GRAPHLENS_VERSION;
    row.build_type = buildTypeLabel();
    row.family = family.name;
    row.task = family.task;
    row.phase = "infer";
    row.batch = batch;
    row.imgsz = imgsz;
    row.precision = precision;
    row.pass = pass;
    row.device = device;
    row.host = platform::hostName();
    row.gpu_uuid = device == "cpu" ? std::string() : currentGpuUuid();
    row.status = "ok";
    return row;
}

// The same identity for a training-step row (phase "train"; precision fp32 | amp-fp16 | amp-bf16).
inline results::Measurement trainingRow(const std::string& sessionId, const families::Family& family, int batch,
                                        int imgsz, const std::string& precision, const std::string& pass,
                                        const std::string& device) {
    auto row = inferenceRow(sessionId, family, batch, imgsz, precision, pass, device);
    row.phase = "train";
    row.memory_format = "nchw";  // the training network keeps libtorch's default layout
    return row;
}

}  // namespace graphlens::bench
