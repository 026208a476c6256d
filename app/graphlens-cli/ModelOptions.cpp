#include "ModelOptions.h"

#include "bench/UsageError.h"

namespace graphlens::cli {

torch::Dtype dtypeOf(const std::string& precision) {
    if (precision != "fp32" && precision != "fp16") {
        throw bench::UsageError("precision '" + precision + "': expected fp32 or fp16");
    }
    return precision == "fp16" ? torch::kHalf : torch::kFloat;
}

void ModelOptions::addTo(CLI::App& command) {
    command.add_option("--model", path, "a TorchScript file (torch.jit.trace/script + torch.jit.save) or an AOTInductor package (.pt2)");
    command.add_option("--task", task, "with --model: classify | detect | segment | other (default: from its output)");
    command.add_option("--jit", jit, "with --model: fuse (TorchScript executor and fuser, as a C++ user runs it) | "
                                     "off (op by op)")->capture_default_str();
}

bench::UserModelRequest ModelOptions::request(const std::string& precision, bool decideSupport) const {
    bench::UserModelRequest r;
    r.path = path;
    r.task = task;
    r.imgsz = imgsz;
    r.jit = jit;
    r.dtype = dtypeOf(precision);
    r.decideSupport = decideSupport;
    return r;
}

}  // namespace graphlens::cli
