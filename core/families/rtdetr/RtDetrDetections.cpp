#include "families/rtdetr/RtDetrDetections.h"

#include "families/rtdetr/RtDetrBoxMath.h"
#include "families/rtdetr/RtDetrBoxOps.h"

#include <ATen/ATen.h>

#include <stdexcept>

namespace graphlens::families::rtdetr {

c10::IValue rtdetrInferenceOutput(const RtDetrDecoderOutput& output) {
    return c10::ivalue::Tuple::create({output.logits.select(1, -1), output.boxes.select(1, -1)});
}

c10::IValue rtdetrDetections(const c10::IValue& networkOutput) {
    if (!networkOutput.isTuple() || networkOutput.toTupleRef().elements().size() != 2) {
        throw std::invalid_argument("rtdetrDetections expects the network's (logits, boxes) tuple");
    }
    const auto& parts = networkOutput.toTupleRef().elements();
    const auto logits = parts[0].toTensor(), boxes = parts[1].toTensor();
    if (logits.dim() != 3 || boxes.dim() != 3 || boxes.size(2) != 4 || logits.size(0) != boxes.size(0) ||
        logits.size(1) != boxes.size(1)) {
        throw std::invalid_argument("rtdetrDetections expects logits [B, Q, classes] and boxes [B, Q, 4]");
    }
    const auto classes = logits.size(2), kept = logits.size(1);
    const auto [scores, flatIndex] = at::topk(at::sigmoid(logits).flatten(1), kept, -1);
    const auto labels = flatIndex.remainder(classes);
    const auto query = flatIndex.div(classes, "floor");
    const auto corners = centerToCorners(boxes).gather(1, query.unsqueeze(-1).repeat({1, 1, 4}));
    return c10::ivalue::Tuple::create({scores, labels, corners});
}

}  // namespace graphlens::families::rtdetr
