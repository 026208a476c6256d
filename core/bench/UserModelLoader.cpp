#include "bench/UserModelLoader.h"

#include "bench/UsageError.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptFamily.h"

#include <torch/cuda.h>

namespace graphlens::bench {

families::Family withSupportToBeChecked(families::Family family) {
    family.inference = {families::GraphSupportKind::Whole, "to be decided by the parity check"};
    return family;
}

LoadedUserModel loadUserModel(const UserModelRequest& request) {
    const bool cuda = torch::cuda::is_available();
    const torch::Device device = cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    const torch::Dtype dtype = cuda ? request.dtype : torch::kFloat;  // the CPU path runs fp32
    LoadedUserModel loaded;
    try {
        loaded.family = families::makeTorchScriptFamily(request.path, request.task, request.imgsz, request.jit);
        families::probeTorchScriptFamily(loaded.family, device, dtype);
    } catch (const families::ModelFileError& error) {
        throw UsageError(error.what());
    }
    if (!request.decideSupport) return loaded;
    if (!cuda) {
        loaded.family.inference = {families::GraphSupportKind::None,
                                   "undecided: the parity check on load needs a CUDA device"};
        return loaded;
    }
    VerifyOptions options;
    options.dtype = dtype;
    options.imgsz = loaded.family.defaultImgsz;
    const auto row = verifyFamily(withSupportToBeChecked(loaded.family), options);
    if (row.result == VerifyResult::BitExact && !row.failed()) {
        loaded.family.inference = {families::GraphSupportKind::Whole,
                                   "decided on load: graphed == eager bit for bit (" + row.dtype + ", batch " +
                                       std::to_string(row.batch) + ", two probes)"};
    } else {
        loaded.family.inference = {families::GraphSupportKind::None,
                                   std::string("the parity check on load failed (") + toString(row.result) +
                                       "): " + row.message};
    }
    loaded.parity = row;
    return loaded;
}

}  // namespace graphlens::bench
