#pragma once
// `verify`: graphed output == eager output, bit for bit; with --training, the training parity check.
#include "ModelOptions.h"

#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct VerifyArgs {
    std::string family;
    ModelOptions model;
    bool all = false;
    bool json = false;
    std::string precision = "fp32";
    int batch = 2;
    bool batchGiven = false;  // --batch on the command line (the training check has its own default)
    bool training = false;
    std::string optimizer = "sgd";  // with --training
    std::string memoryFormat = "nchw";
    bool findSeam = false;     // search the module chain for the largest capturable part
    bool noDiagnosis = false;  // a refused row without the forensic re-run (faster)
};

// Adds `verify` to app, its options bound to args (which must outlive the parse).
CLI::App* addVerifyCommand(CLI::App& app, VerifyArgs& args);

// The inference check, or the training check for --training in a build with datasets (without them
// --training has nothing to run and the inference check runs). Throws UsageError for bad arguments.
int runVerify(const VerifyArgs& args);

}  // namespace graphlens::cli
