#pragma once
// rtdetr-r18's decoder-side settings: transformers' RTDetrConfig defaults with 3 decoder layers
// (tests/fixtures/hf_rtdetr_config.py), the published RT-DETR setting.
#include <cstdint>

namespace graphlens::families::rtdetr {

struct RtDetrDecoderConfig {
    std::int64_t classes = 80;
    std::int64_t hidden = 256;           // d_model: every map, query and memory token
    std::int64_t levels = 3;             // feature maps at strides 8, 16, 32
    std::int64_t layers = 3;             // decoder layers
    std::int64_t heads = 8;              // self- and cross-attention heads
    std::int64_t points = 4;             // sampling points per head and level
    std::int64_t ffnHidden = 1024;
    std::int64_t queries = 300;          // detection queries picked from the encoder's proposals
    std::int64_t denoisingQueries = 100;  // the budget split into contrastive groups
    double labelNoise = 0.5;
    double boxNoise = 1.0;
    double layerNormEps = 1e-5;
    double batchNormEps = 1e-5;
    double anchorSize = 0.05;            // anchor width and height at stride 8, doubled per level
};

}  // namespace graphlens::families::rtdetr
