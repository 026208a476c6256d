#include "families/segformer/SegformerTransformersNames.h"

#include <string>
#include <utility>

namespace graphlens::families::segformer {

families::NameMapping segformerTransformersNames(const SegformerConfig& config) {
    // Within a block: our module path -> transformers' (the reduction only exists where its ratio > 1;
    // a rule nothing matches is harmless, and checkMapping proves the cover either way).
    static const std::pair<const char*, const char*> kBlock[] = {
        {"norm1.", "layernorm_before."},
        {"attention.query.", "attention.q_proj."},
        {"attention.key.", "attention.k_proj."},
        {"attention.value.", "attention.v_proj."},
        {"attention.output.", "attention.o_proj."},
        {"attention.reduction.", "attention.sequence_reduction.sequence_reduction."},
        {"attention.reduction_norm.", "attention.sequence_reduction.layer_norm."},
        {"norm2.", "layernorm_after."},
        {"mix_ffn.fc1.", "mlp.fc1."},
        {"mix_ffn.depthwise.", "mlp.dwconv.dwconv."},
        {"mix_ffn.fc2.", "mlp.fc2."},
    };
    families::NameMapping mapping;
    for (int s = 0; s < kStages; ++s) {
        const auto ours = "encoder.stages." + std::to_string(s) + ".";
        const auto theirs = "segformer.stages." + std::to_string(s) + ".";
        mapping.push_back({ours + "patch_embed.proj.", theirs + "patch_embeddings.proj."});
        mapping.push_back({ours + "patch_embed.norm.", theirs + "patch_embeddings.layer_norm."});
        for (std::int64_t b = 0; b < config.depths[s]; ++b) {
            const auto block = "blocks." + std::to_string(b) + ".";
            for (const auto& [from, to] : kBlock)
                mapping.push_back({ours + block + from, theirs + block + to});
        }
        mapping.push_back({ours + "norm.", theirs + "layer_norm."});
        mapping.push_back({"decode_head.projections." + std::to_string(s) + ".",
                           "decode_head.linear_projections." + std::to_string(s) + ".proj."});
    }
    mapping.push_back({"decode_head.fuse.", "decode_head.linear_fuse."});
    mapping.push_back({"decode_head.fuse_norm.", "decode_head.batch_norm."});
    mapping.push_back({"decode_head.classifier.", "decode_head.classifier."});
    return mapping;
}

}  // namespace graphlens::families::segformer
