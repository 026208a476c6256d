#pragma once
// rtdetr-r18's inference output and postprocess. The network at inference returns the last decoder
// layer's (logits [B, Q, classes], boxes [B, Q, 4] sigmoid cx, cy, w, h) as a tuple; the postprocess is
// transformers' RTDetrImageProcessor.post_process_object_detection with use_focal_loss and no score
// threshold or resize: sigmoid scores, the best Q of all queries x classes, boxes as normalised x1, y1, x2,
// y2. No NMS (a DETR's queries are already one per object). Tensor ops only, fixed shapes.
#include "families/rtdetr/RtDetrDecoderOutput.h"

#include <ATen/core/ivalue.h>

namespace graphlens::families::rtdetr {

// (logits, boxes) of the last decoder layer: the family's network output at inference.
c10::IValue rtdetrInferenceOutput(const RtDetrDecoderOutput& output);

// (logits [B, Q, C], boxes [B, Q, 4]) -> (scores [B, Q] descending, labels int64 [B, Q], boxes [B, Q, 4]).
c10::IValue rtdetrDetections(const c10::IValue& networkOutput);

}  // namespace graphlens::families::rtdetr
