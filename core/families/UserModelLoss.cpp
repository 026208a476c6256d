#include "families/UserModelLoss.h"

#include "families/ModelFileError.h"

#include <torch/nn/functional/loss.h>

#include <functional>

namespace graphlens::families {
namespace {

void forEachLeaf(const c10::IValue& value, const std::function<void(const torch::Tensor&)>& visit) {
    if (value.isTensor()) {
        visit(value.toTensor());
    } else if (value.isTuple()) {
        for (const auto& element : value.toTupleRef().elements()) forEachLeaf(element, visit);
    } else if (value.isList()) {
        const auto list = value.toList();
        for (std::size_t i = 0; i < list.size(); ++i) forEachLeaf(list.get(i), visit);
    } else if (value.isGenericDict()) {
        for (const auto& entry : value.toGenericDict()) forEachLeaf(entry.value(), visit);
    }
}

}  // namespace

const char* toString(UserLossKind kind) {
    return kind == UserLossKind::CrossEntropy ? "cross-entropy" : "mean of outputs";
}

UserLossKind userLossKind(const c10::IValue& output, const std::optional<torch::Tensor>& labels) {
    if (!output.isTensor() || !labels || !labels->defined()) return UserLossKind::MeanOfOutputs;
    const auto& logits = output.toTensor();
    const bool classLabels = labels->dim() == 1 && labels->scalar_type() == torch::kLong;
    const bool logitShape = logits.dim() == 2 && logits.is_floating_point();
    return classLabels && logitShape && logits.size(0) == labels->size(0) ? UserLossKind::CrossEntropy
                                                                           : UserLossKind::MeanOfOutputs;
}

torch::Tensor userModelLoss(const c10::IValue& output, const std::optional<torch::Tensor>& labels) {
    if (userLossKind(output, labels) == UserLossKind::CrossEntropy) {
        // fp32 loss whatever the precision: fp16 log-softmax of large logits overflows.
        return torch::nn::functional::cross_entropy(output.toTensor().to(torch::kFloat), *labels);
    }
    torch::Tensor sum;
    std::int64_t count = 0;
    forEachLeaf(output, [&](const torch::Tensor& leaf) {
        if (!leaf.is_floating_point() || leaf.numel() == 0) return;
        const auto part = leaf.to(torch::kFloat).sum();
        sum = sum.defined() ? sum + part : part;
        count += leaf.numel();
    });
    if (!sum.defined()) throw ModelFileError("the model's output holds no floating-point tensor to train on");
    return sum / static_cast<double>(count);
}

}  // namespace graphlens::families
