#pragma once
// The `step` scope of graphed training for one input shape: forward, loss, backward and optimizer
// step (and the gradient scaler's bookkeeping) in one graph. The step closure reads its inputs from
// static tensors that replay() fills, and mutates parameters, gradients and optimizer state in
// place: everything it touches must already exist (gradients zeroed, not undefined; optimizer state
// created), since a replay writes to the addresses recorded at capture.
//
// Warm-up runs real steps on the capture stream; the state given to restore (parameters, gradients,
// optimizer and scaler state, BatchNorm buffers) is put back after capture, also when it fails, so
// the first replay is the step eager training would have taken and capture adds no update.
#include "graphs/CaptureBackend.h"

#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace graphlens::graphs {

class StepGraph {
public:
    // step returns the loss (a tensor the graph writes on every replay). Throws std::runtime_error
    // with the backend's reason when capture fails.
    StepGraph(std::function<torch::Tensor()> step, std::vector<torch::Tensor> staticInputs,
              std::vector<torch::Tensor> restoreAfterCapture, std::shared_ptr<CaptureBackend> backend,
              int warmupIterations);
    ~StepGraph();
    StepGraph(const StepGraph&) = delete;
    StepGraph& operator=(const StepGraph&) = delete;

    // Copies inputs into the static inputs (same shapes), replays, returns the static loss (the next
    // replay overwrites it).
    torch::Tensor replay(const std::vector<torch::Tensor>& inputs);

    double captureMs() const { return captureMs_; }
    std::int64_t poolBytes() const { return poolBytes_; }
    std::int64_t replays() const { return replays_; }

private:
    // Declared first, destroyed last: the pool and its capture stream outlive every graph and
    // static tensor of this object.
    std::shared_ptr<CaptureBackend> backend_;
    std::vector<torch::Tensor> staticInputs_;
    torch::Tensor staticLoss_;
    std::unique_ptr<CapturedGraph> graph_;
    double captureMs_ = 0;
    std::int64_t poolBytes_ = 0;
    std::int64_t replays_ = 0;
};

}  // namespace graphlens::graphs
