#pragma once
// The hybrid encoder's 2-D sine position embedding (transformers' RTDetrSinePositionEmbedding /
// build_2d_sinusoidal_position_embedding): for the token of row h and column w (tokens row-major, as a
// [B, C, H, W] map flattens), dim / 4 frequencies omega_i = temperature^(-i / (dim / 4)) and the channels
// [sin(h omega) | cos(h omega) | sin(w omega) | cos(w omega)]. Computed in float64 and cast, as
// transformers does (not on MPS), entirely with device ops on options' device (CUDA-graph capturable).
#include <torch/types.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

// [1, height * width, dim] in options' dtype and device; dim must be divisible by 4.
torch::Tensor rtDetrSinePositionEmbedding(std::int64_t height, std::int64_t width, std::int64_t dim,
                                          double temperature, const torch::TensorOptions& options);

}  // namespace graphlens::families::rtdetr
