#include "VerifyCommand.h"

#include "bench/FamilyResolver.h"
#include "bench/ImageSizeCheck.h"
#include "bench/UsageError.h"
#include "bench/VerifyProcesses.h"
#include "families/FamilyRegistry.h"
#include "graphlens/config.h"

#if GRAPHLENS_HAVE_DATASETS
#include "VerifyTrainingCommand.h"
#endif

#include <iostream>
#include <vector>

namespace graphlens::cli {

CLI::App* addVerifyCommand(CLI::App& app, VerifyArgs& args) {
    auto* verify = app.add_subcommand("verify", "graphed output == eager output, bit for bit (DESIGN §5)");
    auto* familyOption = verify->add_option("--family", args.family, "one family");
    args.model.addTo(*verify);
    auto* modelOption = verify->get_option("--model");
    modelOption->excludes(familyOption);
    verify->add_option("--imgsz", args.model.imgsz, "probe image size (default: the family's; 224 with --model; with --training: 64 classify, 128 detect, 96 segment)");
    verify->add_flag("--all", args.all, "every registered family, each in its own process")
        ->excludes(familyOption)
        ->excludes(modelOption);
    verify->add_flag("--json", args.json, "machine-readable output");
    verify->add_option("--precision", args.precision, "fp32 | fp16")->capture_default_str();
    verify->add_option("--batch", args.batch, "probe batch size (with --training: default 8)")
        ->capture_default_str()
        ->each([&args](const std::string&) { args.batchGiven = true; });
    verify->add_flag("--training", args.training,
                     "the training check instead: step-0 loss, gradients and parameters after 6 steps, graphed vs eager "
                     "(precision fp32, fp16 = amp-fp16, amp-bf16)");
    verify->add_option("--optimizer", args.optimizer, "with --training: sgd | adamw")->capture_default_str();
    verify->add_option("--memory-format", args.memoryFormat, "nchw | channels_last: network and probes")
        ->capture_default_str();
    verify->add_flag("--find-seam", args.findSeam,
                     "search the model's chain of submodules for the largest part that captures bit for bit, "
                     "capture it, run the rest eagerly, and time the split; with --training, the longest prefix of "
                     "the family's training chain whose forward and backward capture with the training check passing");
    verify->add_flag("--no-diagnosis", args.noDiagnosis,
                     "when a capture fails or a replay differs, do not re-run it to find the call, operator and "
                     "module responsible");
    return verify;
}

int runVerify(const VerifyArgs& args) {
#if GRAPHLENS_HAVE_DATASETS
    if (args.training) return runVerifyTraining(args);
#endif
    const auto dtype = dtypeOf(args.precision);
    if (args.batch < 1) {
        throw bench::UsageError("batch " + std::to_string(args.batch) + " is impossible (expected 1 or more)");
    }
    if (args.memoryFormat != "nchw" && args.memoryFormat != "channels_last") {
        throw bench::UsageError("memory format '" + args.memoryFormat +
                                "' is not supported (expected nchw or channels_last)");
    }
    bench::VerifyOptions options;
    options.batch = args.batch;
    options.dtype = dtype;
    options.memoryFormat = args.memoryFormat;
    options.diagnose = !args.noDiagnosis;
    options.findSeam = args.findSeam;
    if (args.findSeam && args.all) throw bench::UsageError("--find-seam works on one model at a time, not with --all");
    std::vector<bench::VerifyRow> rows;
    if (!args.model.path.empty()) {
        // The check on load is the verification: run it once, here, and print its row.
        auto family = bench::loadUserModel(args.model.request(args.precision, /*decideSupport=*/false)).family;
        options.imgsz = family.defaultImgsz;
        if (!args.batchGiven) options.batch = family.probeBatch;  // a package compiled for one batch takes that one
        rows.push_back(bench::verifyFamily(bench::withSupportToBeChecked(family), options));
    } else if (args.all) {
        std::vector<std::string> childArgs{"--precision", args.precision, "--batch", std::to_string(args.batch),
                                           "--memory-format", args.memoryFormat};
        if (args.model.imgsz > 0) {
            // Refused here, for the first family that cannot take it, rather than in every child.
            for (const auto& family : families::FamilyRegistry::builtIn().all()) {
                bench::checkImageSizeFits(family, args.model.imgsz);
            }
            childArgs.insert(childArgs.end(), {"--imgsz", std::to_string(args.model.imgsz)});
        }
        rows = bench::verifyAllInChildProcesses(childArgs);
    } else {
        if (args.family.empty()) throw bench::UsageError("verify needs --family F, --model file.pt or --all");
        const auto& family = bench::builtInFamily(args.family);
        bench::checkImageSizeFits(family, args.model.imgsz);
        options.imgsz = args.model.imgsz;
        rows.push_back(bench::verifyFamily(family, options));
    }
    std::cout << (args.json ? bench::verifyJson(rows).dump(2) + "\n" : bench::verifyTable(rows));
    return bench::verifyExitCode(rows);
}

}  // namespace graphlens::cli
