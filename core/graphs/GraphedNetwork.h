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
// - Gradients: a parameter whose .grad exists at capture (a training step zeroes it in place, so it
//   keeps its storage) has its gradient added into that .grad by the backward graph itself, and
//   autograd is handed nothing for it. Handing it over instead would cost one add launched from the
//   host per parameter tensor after every replay (AccumulateGrad), which on a launch-bound step of a
//   network with many small tensors is most of what the backward graph saved. The add is the one
//   AccumulateGrad makes (.grad += g), so the values are the same bit for bit.
//   A .grad made or replaced after capture falls back to autograd: when it is undefined autograd
//   would adopt the returned tensor as .grad, and returning the graph's static gradient buffer would
//   alias .grad to it, so that the next replay overwrites it (accumulation would give 2·g1 instead of
//   g0 + g1). So such a parameter without .grad gets a copy; one with .grad gets the buffer, added in
//   place by autograd.
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
    // Parameters whose gradient the backward graph adds into their .grad (the rest go through autograd).
    std::size_t gradientsAddedInGraph() const;

    // Used by the autograd function (GraphedNetwork.cpp).
    std::vector<torch::Tensor> replayForward(const torch::Tensor& input);
    std::vector<torch::Tensor> replayBackward(const std::vector<torch::Tensor>& gradOutputs);

private:
    void detachGradientAccumulators();

    // Declared first, destroyed last: the pool and its capture stream outlive every graph and
    // static tensor of this object.
    std::shared_ptr<CaptureBackend> backend_;
    std::vector<torch::Tensor> parameters_;
    torch::Tensor staticInput_;
    bool outputIsTuple_ = false;
    std::vector<torch::Tensor> staticOutputs_;      // with autograd history: the backward graph's roots
    std::vector<torch::Tensor> staticGradOutputs_;  // written before each backward replay
    std::vector<torch::Tensor> staticGradInputs_;   // one per parameter, written by the backward graph
    std::vector<torch::Tensor> gradTargets_;        // per parameter: the .grad the graph adds into, or undefined
    std::unique_ptr<CapturedGraph> forwardGraph_, backwardGraph_;
    double captureMs_ = 0;
    std::int64_t poolBytes_ = 0;
    std::int64_t forwardReplays_ = 0, backwardReplays_ = 0;
};

}  // namespace graphlens::graphs
