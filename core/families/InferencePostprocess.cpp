#include "families/InferencePostprocess.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace graphlens::families {

at::Tensor firstTensor(const c10::IValue& output) {
    if (output.isTensor()) return output.toTensor();
    if (output.isTuple()) {
        for (const auto& element : output.toTupleRef().elements()) {
            if (element.isTensor()) return element.toTensor();
        }
    }
    if (output.isList()) {
        for (const auto& element : output.toListRef()) {
            if (element.isTensor()) return element.toTensor();
        }
    }
    if (output.isGenericDict()) {
        for (const auto& item : output.toGenericDict()) {
            if (item.value().isTensor()) return item.value().toTensor();
        }
    }
    throw std::invalid_argument("postprocess: the network output holds no tensor (" + output.tagKind() + ")");
}

c10::IValue classifyTop5(const c10::IValue& output) {
    const auto logits = firstTensor(output);
    if (logits.dim() != 2) {
        throw std::invalid_argument("classify postprocess expects logits [batch, classes], got " +
                                    std::to_string(logits.dim()) + " dimensions");
    }
    // Softmax in fp32 as a deployed classifier reports it; fp16 probabilities of 1000 classes round badly.
    const auto probabilities = at::softmax(logits, /*dim=*/1, at::kFloat);
    const auto k = std::min<int64_t>(5, logits.size(1));
    auto [values, indices] = probabilities.topk(k, /*dim=*/1);
    return c10::ivalue::Tuple::create({values, indices});
}

}  // namespace graphlens::families
