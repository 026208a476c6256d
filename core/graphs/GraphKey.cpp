#include "graphs/GraphKey.h"

#include <tuple>

namespace graphlens::graphs {

GraphKey GraphKey::of(const torch::Tensor& input) {
    GraphKey key;
    key.shape = input.sizes().vec();
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
    return shapeToString(shape) + " " + c10::toString(dtype) + " " + device.str();
}

namespace {
auto tied(const GraphKey& k) {
    return std::make_tuple(std::cref(k.shape), static_cast<int>(k.dtype),
                           static_cast<int>(k.device.type()), static_cast<int>(k.device.index()));
}
}  // namespace

bool operator==(const GraphKey& a, const GraphKey& b) { return tied(a) == tied(b); }
bool operator!=(const GraphKey& a, const GraphKey& b) { return !(a == b); }
bool operator<(const GraphKey& a, const GraphKey& b) { return tied(a) < tied(b); }

}  // namespace graphlens::graphs
