#include "families/rtdetr/RtDetrOutputValue.h"

#include <stdexcept>

namespace graphlens::families::rtdetr {
namespace {
constexpr std::size_t kFields = 8;  // four tensors, has-denoising, queries, groups, positive indices
}

c10::IValue packDecoderOutput(const RtDetrDecoderOutput& output) {
    c10::List<torch::Tensor> positives;
    std::int64_t queries = 0, groups = 0;
    if (output.denoising) {
        queries = output.denoising->queries;
        groups = output.denoising->groups;
        for (const auto& indices : output.denoising->positiveIndices) positives.push_back(indices);
    }
    return c10::ivalue::Tuple::create({output.logits, output.boxes, output.encTopkLogits, output.encTopkBoxes,
                                       output.denoising.has_value(), c10::IValue(queries), c10::IValue(groups),
                                       c10::IValue(positives)});
}

RtDetrDecoderOutput unpackDecoderOutput(const c10::IValue& value) {
    if (!value.isTuple() || value.toTupleRef().elements().size() != kFields) {
        throw std::invalid_argument("rtdetr-r18's loss needs the decoder's training output (every layer's predictions, "
                                    "the encoder's proposals, the denoising layout)");
    }
    const auto& fields = value.toTupleRef().elements();
    RtDetrDecoderOutput output;
    output.logits = fields[0].toTensor();
    output.boxes = fields[1].toTensor();
    output.encTopkLogits = fields[2].toTensor();
    output.encTopkBoxes = fields[3].toTensor();
    if (fields[4].toBool()) {
        RtDetrDenoising denoising;
        denoising.queries = fields[5].toInt();
        denoising.groups = fields[6].toInt();
        for (const auto& indices : fields[7].toTensorList()) denoising.positiveIndices.push_back(indices);
        output.denoising = std::move(denoising);
    }
    return output;
}

}  // namespace graphlens::families::rtdetr
