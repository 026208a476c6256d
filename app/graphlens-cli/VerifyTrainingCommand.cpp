#include "VerifyTrainingCommand.h"

#include "CliErrors.h"

#include "bench/FamilyResolver.h"
#include "bench/ImageSizeCheck.h"
#include "bench/TrainingSeamFinder.h"
#include "bench/UsageError.h"
#include "families/FamilyRegistry.h"
#include "train/TrainingPrecision.h"
#include "train/TrainingVerify.h"

#include <torch/cuda.h>

#include <iostream>
#include <stdexcept>
#include <vector>

namespace graphlens::cli {

namespace {

// verify's --precision for the training check: fp16 means amp-fp16 (training autocasts).
train::TrainingPrecision verifyTrainingPrecisionOf(const std::string& precision) {
    try {
        return train::parseTrainingPrecision(precision == "fp16" ? "amp-fp16" : precision);
    } catch (const std::invalid_argument& error) {
        throw bench::UsageError(error.what());
    }
}

}  // namespace

int runVerifyTraining(const VerifyArgs& args) {
    std::vector<families::Family> families;
    if (args.all) {
        families = families::FamilyRegistry::builtIn().all();
    } else {
        if (args.family.empty()) throw bench::UsageError("verify --training needs --family F or --all");
        families.push_back(bench::builtInFamily(args.family));
    }
    const auto trainingPrecision = verifyTrainingPrecisionOf(args.precision);
    const torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    if (args.optimizer != "sgd" && args.optimizer != "adamw") {
        throw bench::UsageError("--optimizer must be sgd or adamw, not '" + args.optimizer + "'");
    }
    train::TrainingVerifySize size;
    if (args.batchGiven) {
        if (args.batch < 1) {
            throw bench::UsageError("batch " + std::to_string(args.batch) + " is impossible (expected 1 or more)");
        }
        size.batch = args.batch;
    }
    if (args.model.imgsz < 0) {
        throw bench::UsageError("image size " + std::to_string(args.model.imgsz) + " is impossible (expected 1 or more)");
    }
    if (args.model.imgsz > 0) {
        // Refused here, before any family runs, rather than as an error row per scope.
        for (const auto& family : families) bench::checkImageSizeFits(family, args.model.imgsz);
        size.imgsz = args.model.imgsz;
    }
    if (args.findSeam) {
        if (args.all) throw bench::UsageError("--find-seam works on one family at a time, not with --all");
        const auto& family = families.front();
        bench::TrainingSeamFinderOptions options;
        options.precision = trainingPrecision;
        options.optimizer = args.optimizer;
        options.device = device;
        if (size.batch > 0) options.batch = size.batch;
        options.imgsz = size.imgsz > 0 ? size.imgsz : train::trainingVerifyImageSize(family);
        // Without a chain there is nothing to search, on any machine: say so before asking for a GPU.
        if (family.trainingChain && !device.is_cuda()) {
            std::cerr << "graphlens-cli: the training seam search captures CUDA graphs and needs a CUDA device; "
                         "this machine has none\n";
            return kRunFailed;
        }
        const auto finding = bench::findTrainingSeam(family, options);
        if (args.json) {
            std::cout << nlohmann::json{{"family", family.name}, {"training_seam", finding.json()}}.dump(2) << "\n";
        } else {
            std::cout << family.name << "\n" << finding.text();
        }
        return finding.end ? 0 : kRunFailed;
    }
    const auto rows = train::verifyTraining(families, trainingPrecision, args.optimizer, device, size);
    std::cout << (args.json ? train::trainingVerifyJson(rows).dump(2) + "\n" : train::trainingVerifyTable(rows));
    return train::trainingVerifyExitCode(rows);
}

}  // namespace graphlens::cli
