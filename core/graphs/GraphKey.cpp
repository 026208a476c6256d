#include "graphs/GraphKey.h"

#include <algorithm>
#include <tuple>

namespace graphlens::graphs {

GraphKey GraphKey::of(const torch::Tensor& input) {
    GraphKey key;
    key.shape = input.sizes().vec();
    key.strides = input.strides().vec();
    key.dtype = input.scalar_type();
    key.device = input.device();
    return key;
}

std::string shapeToString(const std::vector<std::int64_t>& shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        text += (i ? ", " : "") + std::to_string(shape[i]);
    }
    return text + "]";
}

std::string GraphKey::toString() const {
    std::vector<std::int64_t> contiguous(shape.size());
    std::int64_t step = 1;
    for (std::size_t i = shape.size(); i-- > 0;) {
        contiguous[i] = step;
        step *= std::max<std::int64_t>(shape[i], 1);
    }
    const bool plain = strides.empty() || strides == contiguous;
    return shapeToString(shape) + " " + c10::toString(dtype) + " " + device.str() +
           (plain ? "" : " strides " + shapeToString(strides));
}

namespace {
auto tied(const GraphKey& k) {
    return std::make_tuple(std::cref(k.shape), std::cref(k.strides), static_cast<int>(k.dtype),
                           static_cast<int>(k.device.type()), static_cast<int>(k.device.index()));
}
}  // namespace

bool operator==(const GraphKey& a, const GraphKey& b) { return tied(a) == tied(b); }
bool operator!=(const GraphKey& a, const GraphKey& b) { return !(a == b); }
bool operator<(const GraphKey& a, const GraphKey& b) { return tied(a) < tied(b); }

}  // namespace graphlens::graphs
