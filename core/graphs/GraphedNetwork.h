#pragma once
// The `network` scope of graphed training for one input shape: a C++ counterpart of PyTorch's
// torch.cuda.make_graphed_callables (torch/cuda/graphs.py). The network's forward and its backward
// are captured as two graphs into the backend's one pool, in replay order (forward, then backward);
// calling the object replays the forward graph through an autograd function whose backward replays
// the backward graph and hands the parameter gradients to autograd. Loss, label assignment,
// optimizer, clipping and schedule stay eager around it.
//
// - Warm-up (on the capture stream, before the forward graph) runs forward + torch::autograd::grad,
//   never backward(), so no parameter's .grad is touched; the buffers given to restore (BatchNorm
//   running statistics) are put back afterwards, also when capture fails.
// - Gradients: when a parameter's .grad is undefined autograd would adopt the returned tensor as
//   .grad. Returning the graph's static gradient buffer would then alias .grad to it, and the next
//   replay would overwrite it (accumulation would give 2·g1 instead of g0 + g1). So a gradient for a
//   parameter without .grad is a copy; one with .grad gets the buffer, added in place.
// - The outputs are the forward graph's static buffers (detached from them by autograd): the next
//   forward replay overwrites them, as in PyTorch. Consume them before the next call.
#include "graphs/CaptureBackend.h"

#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace graphlens::graphs {

class GraphedNetwork {
public:
    // forward: the network (training mode, grad mode on) returning a tensor or a tuple of tensors.
    // parameters: the tensors that receive gradients (their order is the gradient order). Captures
    // for `example`'s shape, dtype and device; throws std::runtime_error with the backend's reason.
    GraphedNetwork(GraphBody forward, std::vector<torch::Tensor> parameters, std::vector<torch::Tensor> restoreAfterCapture,
                   std::shared_ptr<CaptureBackend> backend, const torch::Tensor& example, int warmupIterations);
    ~GraphedNetwork();
    GraphedNetwork(const GraphedNetwork&) = delete;
    GraphedNetwork& operator=(const GraphedNetwork&) = delete;

    // Same structure as forward's result; differentiable with respect to the parameters.
    c10::IValue operator()(const torch::Tensor& input);

    double captureMs() const { return captureMs_; }
    std::int64_t poolBytes() const { return poolBytes_; }
    std::int64_t forwardReplays() const { return forwardReplays_; }
    std::int64_t backwardReplays() const { return backwardReplays_; }

    // Used by the autograd function (GraphedNetwork.cpp).
    std::vector<torch::Tensor> replayForward(const torch::Tensor& input);
    std::vector<torch::Tensor> replayBackward(const std::vector<torch::Tensor>& gradOutputs);

private:
    // Declared first, destroyed last: the pool and its capture stream outlive every graph and
    // static tensor of this object.
    std::shared_ptr<CaptureBackend> backend_;
    std::vector<torch::Tensor> parameters_;
    torch::Tensor staticInput_;
    bool outputIsTuple_ = false;
    std::vector<torch::Tensor> staticOutputs_;      // with autograd history: the backward graph's roots
    std::vector<torch::Tensor> staticGradOutputs_;  // written before each backward replay
    std::vector<torch::Tensor> staticGradInputs_;   // one per parameter, written by the backward graph
    std::unique_ptr<CapturedGraph> forwardGraph_, backwardGraph_;
    double captureMs_ = 0;
    std::int64_t poolBytes_ = 0;
    std::int64_t forwardReplays_ = 0, backwardReplays_ = 0;
};

}  // namespace graphlens::graphs
