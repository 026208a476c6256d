#include "families/rtdetr/RtDetrDecoderTransformersNames.h"

#include <string>

namespace graphlens::families::rtdetr {

families::NameMapping rtdetrDecoderTransformersNames(const RtDetrDecoderConfig& config) {
    families::NameMapping mapping;
    for (std::int64_t layer = 0; layer < config.layers; ++layer) {
        const auto path = "decoder.layers." + std::to_string(layer) + ".";
        mapping.push_back({path + "fc1.", "model." + path + "mlp.fc1."});
        mapping.push_back({path + "fc2.", "model." + path + "mlp.fc2."});
    }
    for (const char* module : {"decoder_input_proj.", "enc_output.", "enc_score_head.", "enc_bbox_head.",
                               "denoising_class_embed.", "decoder."}) {
        mapping.push_back({module, std::string("model.") + module});
    }
    return mapping;
}

}  // namespace graphlens::families::rtdetr
