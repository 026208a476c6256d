#include "families/AotiPackageModule.h"

#include "families/ModelFileError.h"
#include "results/ErrorText.h"

#include <c10/util/Exception.h>
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace graphlens::families {
namespace {

std::string dtypeName(const torch::Tensor& tensor) {
    switch (tensor.scalar_type()) {
        case torch::kFloat: return "float32";
        case torch::kHalf: return "float16";
        case torch::kBFloat16: return "bfloat16";
        case torch::kDouble: return "float64";
        default: return c10::toString(tensor.scalar_type());
    }
}

// The package's compiled wrapper names libtorch.so (the umbrella library) as a dependency, which a
// program linked against libtorch_cpu alone has not loaded, and the wrapper's own search path does
// not lead to it. Load it once, from the folder the running libtorch_cpu came from.
void loadTorchUmbrellaLibrary() {
    static const bool loaded = [] {
        Dl_info info{};
        // A function libtorch_cpu defines (the package loader lives there).
        std::unordered_map<std::string, std::string> (*inTorchCpu)(const std::string&, const std::string&) =
            &torch::inductor::AOTIModelPackageLoader::load_metadata_from_package;
        if (::dladdr(reinterpret_cast<const void*>(inTorchCpu), &info) == 0 || !info.dli_fname) return false;
        const auto folder = std::filesystem::path(info.dli_fname).parent_path();
        return ::dlopen((folder / "libtorch.so").c_str(), RTLD_NOW | RTLD_GLOBAL) != nullptr;
    }();
    (void)loaded;  // without it, the loader's own dlopen error says what is missing
}

}  // namespace

AotiPackageModuleImpl::AotiPackageModuleImpl(std::string path, AotiPackageInfo info)
    : path_(std::move(path)), info_(std::move(info)) {
    // Without a readable spec, let the package check its own inputs (its generated checks run only
    // when this is set, and a wrong shape would otherwise read out of bounds).
    if (!info_.input) ::setenv("AOTI_RUNTIME_CHECK_INPUTS", "1", /*overwrite=*/0);
    loadTorchUmbrellaLibrary();
    try {
        // Single-threaded runs: the default run records a CUDA event after each call and waits on it before
        // the next, which a CUDA graph capture refuses; GraphLens calls a network from one thread.
        loader_ = std::make_shared<torch::inductor::AOTIModelPackageLoader>(path_, "model", /*run_single_threaded=*/true, 1,
                                                                           info_.device == "cuda" ? 0 : -1);
        for (const auto& [name, tensor] : loader_->get_runner()->extract_constants_map(/*use_inactive=*/false)) {
            std::string safe = name;
            std::replace(safe.begin(), safe.end(), '.', '_');
            register_parameter(safe, tensor, /*requires_grad=*/false);
        }
    } catch (const c10::Error& error) {
        throw ModelFileError(path_ + ": the AOTInductor package does not load: " +
                             results::errorCause(error.what_without_backtrace()));
    } catch (const std::exception& error) {
        throw ModelFileError(path_ + ": the AOTInductor package does not load: " + results::errorCause(error.what()));
    }
}

AotiPackageModuleImpl::~AotiPackageModuleImpl() = default;

c10::IValue AotiPackageModuleImpl::forward(torch::Tensor images) {
    const std::string device = images.device().is_cuda() ? "cuda" : images.device().str();
    if (device != info_.device) {
        throw ModelFileError(path_ + ": an AOTInductor package compiled for " + info_.device + " and this batch is on " +
                             images.device().str() + " (a package runs on the device it was compiled for)");
    }
    if (info_.input) {
        const auto sizes = images.sizes();
        const std::vector<long> shape(sizes.begin(), sizes.end());
        if (const auto why = inputMismatch(*info_.input, shape, dtypeName(images)); !why.empty()) {
            throw ModelFileError(path_ + ": " + why + " (it takes " + describe(*info_.input) + ")");
        }
    }
    // The compiled kernels read the layout they were compiled for (the spec's strides); a batch in the
    // other layout is copied, which the step then includes: run with the matching --memory-format.
    const bool nhwc = info_.input && info_.input->channelsLast;
    auto outputs = loader_->run({images.contiguous(nhwc ? torch::MemoryFormat::ChannelsLast : torch::MemoryFormat::Contiguous)});
    if (outputs.size() == 1) return outputs.front();
    std::vector<c10::IValue> elements(outputs.begin(), outputs.end());
    return c10::ivalue::Tuple::create(std::move(elements));
}

void AotiPackageModuleImpl::to(torch::Device, torch::Dtype, bool) {}
void AotiPackageModuleImpl::to(torch::Dtype, bool) {}
void AotiPackageModuleImpl::to(torch::Device, bool) {}

}  // namespace graphlens::families
