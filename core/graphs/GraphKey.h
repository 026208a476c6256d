#pragma once
// What a graph is keyed by: the input's shape, strides, dtype and device (DESIGN §3). A graph records
// addresses, sizes and the kernels chosen for a memory layout, so any of these changing needs a graph
// of its own: a channels_last input never replays an NCHW graph through a silent copy.
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
#include <torch/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace graphlens::graphs {

struct GraphKey {
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;  // the memory layout: NCHW and channels_last differ here
    c10::ScalarType dtype = c10::ScalarType::Float;
    c10::Device device = c10::Device(c10::DeviceType::CPU);

    static GraphKey of(const torch::Tensor& input);
    std::string toString() const;  // "[4, 3, 224, 224] Half cuda:0", plus the layout unless contiguous
};

bool operator==(const GraphKey& a, const GraphKey& b);
bool operator!=(const GraphKey& a, const GraphKey& b);
bool operator<(const GraphKey& a, const GraphKey& b);  // for std::map

std::string shapeToString(const std::vector<std::int64_t>& shape);

}  // namespace graphlens::graphs
