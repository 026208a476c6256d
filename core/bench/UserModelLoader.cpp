#include "bench/UserModelLoader.h"

#include "bench/UsageError.h"
#include "families/AotiFamily.h"
#include "families/AotiPackage.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptFamily.h"

#include <torch/cuda.h>

#include <cstdio>

namespace graphlens::bench {

namespace {

// A package runs where it was compiled for: a CUDA one needs the GPU this run has, a CPU one the CPU
// a run without a GPU uses. Said before anything loads, since the loader's own error is a dlopen's.
families::Family aotiFamilyFor(const UserModelRequest& request, bool cuda) {
    const auto info = families::inspectAotiPackage(request.path);
    if (info.device == "cuda" && !cuda) {
        throw families::ModelFileError(request.path + ": an AOTInductor package compiled for CUDA, and this machine has "
                                       "no CUDA device (compile one for the CPU: export with the model and example "
                                       "inputs on the CPU)");
    }
    if (info.device != "cuda" && cuda) {
        throw families::ModelFileError(request.path + ": an AOTInductor package compiled for " + info.device +
                                       ", and this run is on the GPU (compile it for CUDA: export with the model and "
                                       "example inputs on cuda)");
    }
    return families::makeAotiFamily(request.path, request.task, request.imgsz);
}

}  // namespace

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
        if (families::isAotiPackage(request.path)) {
            loaded.family = aotiFamilyFor(request, cuda);
        } else {
            loaded.family = families::makeTorchScriptFamily(request.path, request.task, request.imgsz, request.jit);
        }
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
    options.batch = loaded.family.probeBatch;
    // Not here: the forensic re-run turns CUPTI on, and this process may go on to time steps
    // (DESIGN §2). `verify --model` diagnoses in its own process.
    options.diagnose = false;
    options.findSeam = request.autoSeam;
    options.measureSeam = false;
    options.seamOnlyWhenRefused = true;
    const auto row = verifyFamily(withSupportToBeChecked(loaded.family), options);
    if (row.result == VerifyResult::BitExact && !row.failed()) {
        loaded.family.inference = {families::GraphSupportKind::Whole,
                                   "decided on load: graphed == eager bit for bit (" + row.dtype + ", batch " +
                                       std::to_string(row.batch) + ", two probes)"};
    } else if (row.seam && row.seam->status == "found" && row.seam->begin && row.seam->end) {
        char share[32] = "";
        if (row.seam->capturedShare) std::snprintf(share, sizeof share, ", %.0f%% of its eager time", 100.0 * *row.seam->capturedShare);
        loaded.family.inference = {families::GraphSupportKind::Seam,
                                   "split found on load by the seam search (whole capture refused: " + row.message +
                                       "): capture " + row.seam->point + share + ", the rest eager"};
        const auto begin = *row.seam->begin, end = *row.seam->end;
        loaded.family.inferenceSeam = [begin, end, chainOf = loaded.family.moduleChain](
                                          torch::nn::AnyModule& network) -> std::optional<families::InferenceSeam> {
            const auto chain = chainOf(network);
            if (!chain || chain->size() < end) return std::nullopt;
            return families::segmentSeam(*chain, begin, end);
        };
    } else {
        const std::string searched =
            row.seam ? "; the seam search found no split (" + row.seam->status + ": " + row.seam->why + ")" : "";
        loaded.family.inference = {families::GraphSupportKind::None,
                                   std::string("the parity check on load failed (") + toString(row.result) +
                                       "): " + row.message + searched};
    }
    loaded.parity = row;
    return loaded;
}

}  // namespace graphlens::bench
