#pragma once
// `--model file.pt`: a TorchScript module becomes a family whose graph support is decided here, on
// load, by the DESIGN §5 parity check (at the precision and size it will run at), never declared.
// A mismatch or a failed capture makes the support `none` with the check's reason, so `on`/`auto`
// are refused for it; without a CUDA device the support stays `none` ("undecided").
#include "bench/VerifyRunner.h"
#include "families/Family.h"

#include <torch/types.h>

#include <optional>
#include <string>

namespace graphlens::bench {

struct UserModelRequest {
    std::string path;
    std::string task;                 // empty: inferred from the output ([B, C] -> classify)
    int imgsz = 0;                    // 0: 224
    torch::Dtype dtype = torch::kFloat;
    std::string jit = "fuse";         // fuse | off (TorchScriptModule.h)
    bool decideSupport = true;        // false: leave the check to the caller (`verify --model`)
    // When whole capture is refused: search the module chain and, where a part captures bit-exact,
    // declare that split (a `seam`) instead of `none` (SeamFinder.h).
    bool autoSeam = false;
};

struct LoadedUserModel {
    families::Family family;
    std::optional<VerifyRow> parity;  // the check that decided the support, when it ran
};

// Throws UsageError (the message names the file) when the file is not a usable TorchScript module.
LoadedUserModel loadUserModel(const UserModelRequest& request);

// The family with its support set to "to be decided": what verifyFamily needs to run the check.
families::Family withSupportToBeChecked(families::Family family);

}  // namespace graphlens::bench
