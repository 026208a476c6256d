#pragma once
// An optimizer a CUDA graph can hold: its learning rate and step counts live in device tensors and
// its update is one fused kernel (at::_fused_sgd_ / at::_fused_adamw_), so a step makes no host
// synchronisation and reads no host value that changes between steps. libtorch's C++ optimizers keep
// `step` and the bias corrections on the host and cannot be captured.
#include <torch/serialize/archive.h>
#include <torch/types.h>

#include <optional>
#include <string>
#include <vector>

namespace graphlens::train {

class CapturableOptimizer {
public:
    virtual ~CapturableOptimizer() = default;

    // One update of every parameter. The gradient scaler's device tensors ride along: gradScale (the
    // kernel divides each gradient by it; absent when the gradients are already unscaled) and
    // foundInf (a float [1] tensor; non-zero skips the update on the device, step counts included).
    virtual void step(const std::optional<torch::Tensor>& gradScale = std::nullopt,
                      const std::optional<torch::Tensor>& foundInf = std::nullopt) = 0;
    // Gradients to zero in place, never to undefined: a captured graph holds their storage.
    // Parameters without a gradient get a zero one.
    void zeroGrad();
    // For a whole-step graph (PyTorch's zero_grad(set_to_none=True) before a capture): gradients
    // undefined, so the captured backward writes each one fresh into a buffer of the graph's pool
    // (autograd takes the incoming gradient) instead of zeroing it and adding to it — two kernels
    // per parameter less in every replay. ensureGradients() afterwards gives the parameters that
    // backward did not reach a zero gradient, so step() finds one for every parameter.
    void clearGradients();
    void ensureGradients();

    // The learning rate: a float32 scalar tensor on the parameters' device. setLearningRate fills it
    // (one small kernel, outside any graph: a replay then reads the new value).
    const torch::Tensor& learningRate() const { return learningRate_; }
    void setLearningRate(double value);

    // false while the optimizer still has to create state on its first step (SGD's momentum
    // buffers): capture only once it is true.
    virtual bool readyForCapture() const = 0;

    // Every state tensor (buffers, step counts, the learning rate), for checkpoints and for the
    // snapshot a capture restores afterwards. Same order for the same parameters and options.
    virtual std::vector<torch::Tensor> stateTensors() const = 0;
    // Creates the state a first step would create (zeros) so loadState has tensors to fill.
    virtual void initialiseState() = 0;
    virtual std::string name() const = 0;  // "sgd", "adamw"

    const std::vector<torch::Tensor>& parameters() const { return parameters_; }

protected:
    CapturableOptimizer(std::vector<torch::Tensor> parameters, double learningRate);
    std::vector<torch::Tensor> gradients() const;  // each parameter's .grad (zeroGrad() makes them defined)

    std::vector<torch::Tensor> parameters_;
    torch::Tensor learningRate_;
};

struct SgdOptions {
    double learningRate = 0.01;
    double momentum = 0.9;
    double dampening = 0.0;
    double weightDecay = 0.0;
    bool nesterov = false;
};

struct AdamWOptions {
    double learningRate = 1e-3;
    double beta1 = 0.9, beta2 = 0.999;
    double eps = 1e-8;
    double weightDecay = 1e-2;
};

}  // namespace graphlens::train
