#pragma once
// A TorchScript module as a torch::nn::Module, so user models go through the same engine (AnyModule,
// graph runner, parity check, parameter count, weight fingerprint) as the built-in families.
//
// The script module's parameters and buffers are registered here as the very same tensors, so
// to(device, dtype) on this module moves the script module's weights too. Integer buffers keep their
// dtype (only floating tensors are cast). How forward runs is the user's choice (--jit):
//  - fuse (default): the TorchScript graph executor as torch::jit::load + forward gives any C++ user,
//    profiling runs and the fuser included; the first calls of a shape profile and optimise, later
//    calls run the optimised plan, which is what a capture after warm-up records.
//  - off: the script's ops one by one through the interpreter, optimisations off.
#include <torch/csrc/jit/api/module.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include <string>

namespace graphlens::families {

enum class JitMode { Fuse, Off };
const char* toString(JitMode mode);                 // "fuse", "off"
JitMode jitModeOf(const std::string& name);         // throws std::invalid_argument for anything else

class TorchScriptModuleImpl : public torch::nn::Module {
public:
    explicit TorchScriptModuleImpl(torch::jit::Module script, JitMode jit = JitMode::Fuse);

    c10::IValue forward(torch::Tensor images);

    void train(bool on = true) override;
    void to(torch::Device device, torch::Dtype dtype, bool nonBlocking = false) override;
    void to(torch::Dtype dtype, bool nonBlocking = false) override;
    void to(torch::Device device, bool nonBlocking = false) override;

    const torch::jit::Module& script() const { return script_; }
    JitMode jit() const { return jit_; }
    // One submodule's forward, run as forward() runs the whole (same jit mode): a link of its chain.
    c10::IValue forwardOf(torch::jit::Module submodule, const c10::IValue& input) const;

private:
    void move(std::optional<torch::Device> device, std::optional<torch::Dtype> dtype, bool nonBlocking);

    torch::jit::Module script_;
    JitMode jit_ = JitMode::Fuse;
};

TORCH_MODULE(TorchScriptModule);

}  // namespace graphlens::families
