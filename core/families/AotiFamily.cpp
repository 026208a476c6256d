#include "families/AotiFamily.h"

#include "families/AotiPackage.h"
#include "families/AotiPackageModule.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptFamily.h"
#include "families/UserModelLoss.h"
#include "results/Tasks.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/nn/modules/container/any.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>

namespace graphlens::families {

bool isAotiPackage(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::array<char, 4> magic{};
    if (!in.read(magic.data(), magic.size()) || magic != std::array<char, 4>{'P', 'K', '\x03', '\x04'}) return false;
    try {
        caffe2::serialize::PyTorchStreamReader reader(path);
        return isAotiPackageRecords(reader.getAllRecords());
    } catch (const c10::Error&) {
        return false;  // damaged: the TorchScript reader says what it is
    }
}

Family makeAotiFamily(const std::string& path, const std::string& task, int imgsz) {
    if (!task.empty()) {
        if (auto error = results::unknownTaskError(task); !error.empty()) throw ModelFileError(error);
    }
    const auto info = inspectAotiPackage(path);
    int size = imgsz > 0 ? imgsz : kUserModelDefaultImgsz;
    if (info.input && info.input->dims.size() == 4 && info.input->dims[2].exact && info.input->dims[3].exact) {
        const long height = *info.input->dims[2].exact, width = *info.input->dims[3].exact;
        if (height != width) {
            throw ModelFileError(path + ": compiled for " + std::to_string(height) + "x" + std::to_string(width) +
                                 " images; GraphLens feeds square ones");
        }
        if (imgsz > 0 && imgsz != height) {
            throw ModelFileError(path + ": compiled for " + std::to_string(height) + " px images, and --imgsz asks for " +
                                 std::to_string(imgsz) + " (export with that size, or leave --imgsz out)");
        }
        size = static_cast<int>(height);
    }
    Family family;
    if (info.input && info.input->dims.size() == 4) {
        const auto& batch = info.input->dims[0];
        family.probeBatch = batch.exact ? static_cast<int>(*batch.exact) : static_cast<int>(std::max<long>(2, batch.min));
        if (info.input->dims[2].exact) {
            family.imageSizes.only = size;
            family.imageSizes.reason = "the package was compiled for that size";
        }
    }
    family.name = std::filesystem::path(path).stem().string();
    family.task = task;
    family.defaultImgsz = size;
    family.source = path;
    family.jit = "aoti";
    family.inference = {GraphSupportKind::None, "undecided: the parity check on load has not run"};
    family.training = {TrainingGraphScope::None,
                       "an AOTInductor package is compiled for inference (it has no backward): train the model in "
                       "Python or from its TorchScript file"};
    family.validationMetric = task == "classify" ? "top-1" : "";
    family.loss = [](const c10::IValue& output, const torch::Tensor&) { return userModelLoss(output, std::nullopt); };
    family.build = [path, info](std::uint64_t) { return torch::nn::AnyModule(AotiPackageModule(path, info)); };
    return family;
}

}  // namespace graphlens::families
