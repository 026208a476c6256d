#include "families/rtdetr/RtDetrTransformersNames.h"

#include "families/rtdetr/RtDetrDecoderTransformersNames.h"
#include "families/rtdetr/RtDetrEncoderTransformersNames.h"

namespace graphlens::families::rtdetr {

families::NameMapping rtdetrTransformersNames() {
    families::NameMapping names;
    for (const auto& rule : rtDetrEncoderTransformersNames()) {
        names.push_back({"encoder_side." + rule.builtinPrefix, rule.referencePrefix});
    }
    for (const auto& rule : rtdetrDecoderTransformersNames()) {
        names.push_back({"decoder_side." + rule.builtinPrefix, rule.referencePrefix});
    }
    return names;
}

}  // namespace graphlens::families::rtdetr
