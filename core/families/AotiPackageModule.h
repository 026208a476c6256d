#pragma once
// An AOTInductor package as a torch::nn::Module, so a compiled model goes through the same engine
// (AnyModule, graph runner, parity check) as the built-in families and TorchScript files. Its
// weights and kernels live in the package's compiled container: they are registered here as
// parameters (requires_grad off) only so that they are counted and fingerprinted, and to() moves
// nothing, since the package runs on the device and in the dtype it was compiled for. forward()
// checks each batch against the package's input spec first (AotiPackage.h) and says what it takes.
#include "families/AotiPackage.h"

#include <ATen/core/ivalue.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include <memory>
#include <string>

namespace torch::inductor {
class AOTIModelPackageLoader;
}

namespace graphlens::families {

class AotiPackageModuleImpl : public torch::nn::Module {
public:
    // Loads the package (throws ModelFileError naming the file when the loader refuses it).
    AotiPackageModuleImpl(std::string path, AotiPackageInfo info);
    ~AotiPackageModuleImpl() override;

    // A tensor for one output, a tuple for several. Throws ModelFileError for a batch the package
    // was not compiled for (device, dtype, shape), naming the file and what it takes.
    c10::IValue forward(torch::Tensor images);

    void to(torch::Device device, torch::Dtype dtype, bool nonBlocking = false) override;
    void to(torch::Dtype dtype, bool nonBlocking = false) override;
    void to(torch::Device device, bool nonBlocking = false) override;

    const AotiPackageInfo& info() const { return info_; }

private:
    std::string path_;
    AotiPackageInfo info_;
    std::shared_ptr<torch::inductor::AOTIModelPackageLoader> loader_;
};

TORCH_MODULE(AotiPackageModule);

}  // namespace graphlens::families
