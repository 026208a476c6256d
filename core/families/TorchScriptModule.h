#pragma once
// A TorchScript module as a torch::nn::Module, so user models go through the same engine (AnyModule,
// graph runner, parity check, parameter count, weight fingerprint) as the built-in families.
//
// The script module's parameters and buffers are registered here as the very same tensors, so
// to(device, dtype) on this module moves the script module's weights too. Integer buffers keep their
// dtype (only floating tensors are cast). forward runs the script's ops one by one through the
// TorchScript interpreter with the graph executor's optimisations off: no profiling runs, no fusion
// compiled on the fly, so the eager arm is the module's own ops and the graphed arm captures the same
// kernels the eager arm launches.
#include <torch/csrc/jit/api/module.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

namespace graphlens::families {

class TorchScriptModuleImpl : public torch::nn::Module {
public:
    explicit TorchScriptModuleImpl(torch::jit::Module script);

    c10::IValue forward(torch::Tensor images);

    void train(bool on = true) override;
    void to(torch::Device device, torch::Dtype dtype, bool nonBlocking = false) override;
    void to(torch::Dtype dtype, bool nonBlocking = false) override;
    void to(torch::Device device, bool nonBlocking = false) override;

    const torch::jit::Module& script() const { return script_; }

private:
    void move(std::optional<torch::Device> device, std::optional<torch::Dtype> dtype, bool nonBlocking);

    torch::jit::Module script_;
};

TORCH_MODULE(TorchScriptModule);

}  // namespace graphlens::families
