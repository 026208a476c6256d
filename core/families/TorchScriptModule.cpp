#include "families/TorchScriptModule.h"

#include <stdexcept>

#include <torch/csrc/jit/runtime/graph_executor.h>
#include <torch/utils.h>

#include <algorithm>
#include <set>

namespace graphlens::families {
namespace {

// nn::Module names may not contain '.', script names are dotted paths: "layer1.0.conv1.weight" ->
// "layer1_0_conv1_weight", with a suffix in the unlikely case two paths collapse to one name.
std::string registrableName(const std::string& dotted, std::set<std::string>& taken) {
    std::string name = dotted;
    std::replace(name.begin(), name.end(), '.', '_');
    std::string unique = name;
    for (int suffix = 2; taken.count(unique); ++suffix) unique = name + "_" + std::to_string(suffix);
    taken.insert(unique);
    return unique;
}

}  // namespace

const char* toString(JitMode mode) { return mode == JitMode::Fuse ? "fuse" : "off"; }

JitMode jitModeOf(const std::string& name) {
    if (name == "fuse") return JitMode::Fuse;
    if (name == "off") return JitMode::Off;
    throw std::invalid_argument("jit mode '" + name + "' is not one of fuse, off");
}

TorchScriptModuleImpl::TorchScriptModuleImpl(torch::jit::Module script, JitMode jit)
    : script_(std::move(script)), jit_(jit) {
    std::set<std::string> taken;
    for (const auto& item : script_.named_parameters(/*recurse=*/true)) {
        register_parameter(registrableName(item.name, taken), item.value, item.value.requires_grad());
    }
    for (const auto& item : script_.named_buffers(/*recurse=*/true)) {
        register_buffer(registrableName(item.name, taken), item.value);
    }
    train(false);
}

c10::IValue TorchScriptModuleImpl::forward(torch::Tensor images) {
    if (jit_ == JitMode::Fuse) return script_.forward({std::move(images)});
    torch::jit::GraphOptimizerEnabledGuard plainInterpreter(false);
    return script_.forward({std::move(images)});
}

c10::IValue TorchScriptModuleImpl::forwardOf(torch::jit::Module submodule, const c10::IValue& input) const {
    if (jit_ == JitMode::Fuse) return submodule.forward({input});
    torch::jit::GraphOptimizerEnabledGuard plainInterpreter(false);
    return submodule.forward({input});
}

void TorchScriptModuleImpl::train(bool on) {
    torch::nn::Module::train(on);
    script_.train(on);
}

void TorchScriptModuleImpl::move(std::optional<torch::Device> device, std::optional<torch::Dtype> dtype,
                                 bool nonBlocking) {
    torch::NoGradGuard noGrad;  // moving weights is not part of any graph autograd should see
    // set_data swaps the storage under the same TensorImpl, which the script module's slots share.
    auto apply = [&](torch::Tensor& tensor) {
        const auto targetDtype = dtype && tensor.is_floating_point() ? *dtype : tensor.scalar_type();
        const auto targetDevice = device ? *device : tensor.device();
        if (tensor.device() == targetDevice && tensor.scalar_type() == targetDtype) return;
        tensor.set_data(tensor.to(targetDevice, targetDtype, nonBlocking));
    };
    for (auto& parameter : parameters()) apply(parameter);
    for (auto& buffer : buffers()) apply(buffer);
}

void TorchScriptModuleImpl::to(torch::Device device, torch::Dtype dtype, bool nonBlocking) {
    move(device, dtype, nonBlocking);
}

void TorchScriptModuleImpl::to(torch::Dtype dtype, bool nonBlocking) { move(std::nullopt, dtype, nonBlocking); }

void TorchScriptModuleImpl::to(torch::Device device, bool nonBlocking) { move(device, std::nullopt, nonBlocking); }

}  // namespace graphlens::families
