#pragma once
// One YOLO box: class id and centre/size normalised to the image it belongs to.

namespace graphlens::data {

struct Box {
    int cls = 0;
    float cx = 0, cy = 0, w = 0, h = 0;
};

}  // namespace graphlens::data
