#include "families/TorchScriptFamily.h"
#include "families/yolo/YoloTFamily.h"
#include "families/UserModelLoss.h"

#include "families/ModelFileError.h"
#include "families/TorchScriptArchive.h"
#include "families/TorchScriptModule.h"
#include "results/ErrorText.h"
#include "results/Tasks.h"

#include <c10/util/Exception.h>
#include <torch/nn/modules/container/any.h>

#include <filesystem>
#include <map>
#include <memory>
#include <sstream>

namespace graphlens::families {
namespace {

std::string dtypeName(torch::Dtype dtype) {
    return dtype == torch::kFloat ? "float32" : dtype == torch::kHalf ? "float16" : c10::toString(dtype);
}

std::string describe(torch::Device device, torch::Dtype dtype, int imgsz, int batch) {
    std::ostringstream text;
    text << "a [" << batch << ", 3, " << imgsz << ", " << imgsz << "] " << dtypeName(dtype) << " batch on " << device;
    return text.str();
}

struct ProbeResult {
    c10::IValue output;
    std::string error;  // first line of what the forward threw; empty on success
};

ProbeResult runProbe(const Family& family, torch::Device device, torch::Dtype dtype) {
    try {
        torch::NoGradGuard noGrad;
        auto network = family.build(/*seed=*/0);
        network.ptr()->to(device, dtype);
        network.ptr()->eval();
        const int s = family.defaultImgsz;
        torch::manual_seed(0);
        const auto images = torch::rand({family.probeBatch, 3, s, s}).to(device, dtype);
        return {network.forward<c10::IValue>(images), {}};
    } catch (const c10::Error& error) {
        return {{}, results::errorCause(error.what_without_backtrace())};
    } catch (const std::exception& error) {
        return {{}, results::errorCause(error.what())};
    }
}

void describeNonTensor(const c10::IValue& value, const std::string& path, std::string& found) {
    if (!found.empty() || value.isTensor()) return;
    if (value.isTuple()) {
        const auto& elements = value.toTupleRef().elements();
        for (std::size_t i = 0; i < elements.size(); ++i) {
            describeNonTensor(elements[i], path + "[" + std::to_string(i) + "]", found);
        }
    } else if (value.isTensorList()) {
        return;
    } else if (value.isList()) {
        const auto list = value.toList();
        for (std::size_t i = 0; i < list.size(); ++i) describeNonTensor(list.get(i), path + "[" + std::to_string(i) + "]", found);
    } else if (value.isGenericDict()) {
        for (const auto& entry : value.toGenericDict()) {
            const auto& key = entry.key();
            const std::string name = key.isString() ? "'" + key.toStringRef() + "'" : key.tagKind();
            describeNonTensor(entry.value(), path + "[" + name + "]", found);
        }
    } else {
        found = path + " is " + value.tagKind();
    }
}

// deepcopy() clones every tensor; with autograd on, the clones would be non-leaf tensors hanging off
// the loaded module's graph (their .grad never filled). Copy without autograd, then give each
// parameter back its requires_grad flag (a user may have frozen part of the network).
torch::jit::Module independentCopy(const torch::jit::Module& script) {
    torch::jit::Module copy;
    {
        torch::NoGradGuard noGrad;
        copy = script.deepcopy();
    }
    std::map<std::string, bool> trainable;
    for (const auto& item : script.named_parameters(/*recurse=*/true)) trainable[item.name] = item.value.requires_grad();
    for (const auto& item : copy.named_parameters(/*recurse=*/true)) item.value.set_requires_grad(trainable[item.name]);
    return copy;
}

}  // namespace

std::string nonTensorOutput(const c10::IValue& output) {
    std::string found;
    describeNonTensor(output, "output", found);
    return found;
}

Family makeTorchScriptFamily(const std::string& path, const std::string& task, int imgsz, const std::string& jit) {
    JitMode jitMode = JitMode::Fuse;
    try {
        jitMode = jitModeOf(jit);
    } catch (const std::invalid_argument& error) {
        throw ModelFileError(error.what());
    }
    if (!task.empty()) {
        if (auto error = results::unknownTaskError(task); !error.empty()) throw ModelFileError(error);
    }
    auto script = std::make_shared<const torch::jit::Module>(loadTorchScriptArchive(path));
    Family family;
    family.name = std::filesystem::path(path).stem().string();
    family.task = task;
    family.defaultImgsz = imgsz > 0 ? imgsz : kUserModelDefaultImgsz;
    family.numClasses = 0;
    family.source = path;
    family.inference = {GraphSupportKind::None, "undecided: the parity check on load has not run"};
    family.training = {TrainingGraphScope::None, "graphed training of a TorchScript file is not checked yet; it trains eagerly"};
    // The user gives a network, not a loss: cross-entropy against class labels when the output is
    // [B, classes], else the surrogate of UserModelLoss.h. Class labels are the targets.
    family.trainingTargets = [](const TrainingLabels& labels, std::int64_t, int) { return labels.classes; };
    family.validationMetric = task == "classify" ? "top-1" : "";
    family.loss = [](const c10::IValue& output, const torch::Tensor& targets) {
        const bool hasLabels = targets.defined() && targets.numel() > 0 && targets.min().item<std::int64_t>() >= 0;
        return userModelLoss(output, hasLabels ? std::optional<torch::Tensor>(targets) : std::nullopt);
    };
    family.jit = toString(jitMode);
    family.moduleChain = torchScriptChain;
    family.build = [script, jitMode](std::uint64_t) {
        return torch::nn::AnyModule(TorchScriptModule(independentCopy(*script), jitMode));
    };
    return family;
}

void probeTorchScriptFamily(Family& family, torch::Device device, torch::Dtype dtype) {
    const std::string& path = family.source;
    const int s = family.defaultImgsz;
    auto probe = runProbe(family, device, dtype);
    if (!probe.error.empty()) {
        const torch::Device cpu(torch::kCPU);
        if (dtype != torch::kFloat && runProbe(family, device, torch::kFloat).error.empty()) {
            throw ModelFileError(path + ": the forward works in float32 but fails on " + describe(device, dtype, s, family.probeBatch) +
                                 ": " + probe.error + " (run with --precision fp32)");
        }
        if (!device.is_cpu() && runProbe(family, cpu, torch::kFloat).error.empty()) {
            throw ModelFileError(path + ": the forward runs on the CPU but fails on " + device.str() + ": " +
                                 probe.error + ". The module holds CPU-only operations, or tensors created on "
                                 "the CPU inside forward (a trace records the device of torch.zeros/arange/"
                                 "tensor: trace on the GPU, or create them on x.device)");
        }
        throw ModelFileError(path + ": the forward fails on " + describe(device, dtype, s, family.probeBatch) + ": " + probe.error +
                             ". GraphLens feeds [B, 3, imgsz, imgsz] floating-point images: does the module "
                             "expect another input shape or dtype? (--imgsz N sets the size)");
    }
    if (const auto why = nonTensorOutput(probe.output); !why.empty()) {
        throw ModelFileError(path + ": the forward returns something that is not tensors (" + why +
                             "): GraphLens needs a tensor, or tuples, lists or dicts of tensors");
    }
    const bool logits = probe.output.isTensor() && probe.output.toTensor().dim() == 2;
    if (logits) family.numClasses = static_cast<int>(probe.output.toTensor().size(1));
    if (family.task.empty()) family.task = logits ? "classify" : "other";
    if (family.task == "classify" && logits) family.postprocess = classifyTop5;
    // An Ultralytics YOLOv8 export (`yolo export format=torchscript`) returns the decoded head
    // [B, 4 + classes, anchors]: it gets yolo-t's confidence filter and NMS.
    std::string notYolo;
    if (family.task == "detect" && yolo::isDecodedYoloOutput(firstTensor(probe.output), notYolo)) {
        family.numClasses = static_cast<int>(firstTensor(probe.output).size(1) - 4);
        family.postprocess = [](const c10::IValue& output) { return yolo::yoloPredictions(firstTensor(output)); };
    }
}

}  // namespace graphlens::families
