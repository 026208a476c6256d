#pragma once
// The size of one feature map the decoder reads, kept on the host: the per-level split of the flattened
// memory and the anchors are sized from it without reading a device tensor (so inference stays capturable).
#include <cstdint>
#include <vector>

namespace graphlens::families::rtdetr {

struct RtDetrMapShape {
    std::int64_t height = 0;
    std::int64_t width = 0;
    std::int64_t positions() const { return height * width; }
};
using RtDetrMapShapes = std::vector<RtDetrMapShape>;  // finest level first

}  // namespace graphlens::families::rtdetr
