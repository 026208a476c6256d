#pragma once
// `--model file.pt [--task T] [--jit M]`, shared by list, verify and sweep.
#include "bench/UserModelLoader.h"

#include <CLI/CLI.hpp>
#include <torch/types.h>

#include <string>

namespace graphlens::cli {

// fp32 or fp16; throws UsageError for anything else.
torch::Dtype dtypeOf(const std::string& precision);

struct ModelOptions {
    std::string path;
    std::string task;
    std::string jit = "fuse";
    int imgsz = 0;  // --imgsz is bound by list and verify (sweep's goes to its plan), not by addTo

    void addTo(CLI::App& command);
    bench::UserModelRequest request(const std::string& precision, bool decideSupport) const;
};

}  // namespace graphlens::cli
