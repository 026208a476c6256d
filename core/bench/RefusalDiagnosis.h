#pragma once
// Why the parity check refused a graph, found on the network it refused (capture forensics): a failed
// capture is attempted again with every CUDA call and operator recorded (graphs/CaptureForensics.h); a
// replay that differs is first told apart from a model that differs from itself (random draws, state
// kept across calls), then located at the first link of the module chain whose replay differs.
#include "families/Family.h"
#include "graphs/CaptureDiagnosis.h"
#include "graphs/GraphRunner.h"
#include "graphs/ParityCheck.h"

#include <functional>
#include <memory>

namespace graphlens::bench {

struct RefusalContext {
    const families::Family& family;
    torch::nn::AnyModule& network;  // on its device, eval mode, the probes' dtype and format
    const torch::Tensor& probeA;
    const torch::Tensor& probeB;
    // A fresh runner built as the refused one was (whole or seam, same options): the capture attempt.
    std::function<std::unique_ptr<graphs::GraphRunner>()> makeRunner;
    int warmupIterations = 3;
    std::shared_ptr<graphs::CaptureBackend> backend;  // default: CUDA
};

// kind None when the report passed.
graphs::CaptureDiagnosis diagnoseRefusal(const RefusalContext& context, const graphs::ParityReport& report);

}  // namespace graphlens::bench
