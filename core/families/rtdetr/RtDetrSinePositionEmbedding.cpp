#include "families/rtdetr/RtDetrSinePositionEmbedding.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

torch::Tensor rtDetrSinePositionEmbedding(std::int64_t height, std::int64_t width, std::int64_t dim,
                                          double temperature, const torch::TensorOptions& options) {
    if (dim % 4 != 0) throw std::invalid_argument("the sine position embedding needs dim % 4 == 0; got " + std::to_string(dim));
    const auto compute = options.dtype(at::kDouble);
    const auto quarter = dim / 4;
    const auto omega = at::pow(temperature, at::arange(quarter, compute) / static_cast<double>(quarter)).reciprocal();
    // Row-major grid: token t = h * width + w.
    const auto rows = at::arange(height, compute).repeat_interleave(width);
    const auto columns = at::arange(width, compute).repeat({height});
    const auto embH = at::outer(rows, omega), embW = at::outer(columns, omega);
    return at::cat({embH.sin(), embH.cos(), embW.sin(), embW.cos()}, /*dim=*/1)
        .to(options.dtype().toScalarType())
        .unsqueeze(0);
}

}  // namespace graphlens::families::rtdetr
