#include "planning/RequestShape.h"

namespace graphlens::planning {

std::string describe(const RequestShape& shape) {
    const std::string batch = std::to_string(shape.batch);
    return shape.imgsz > 0 ? std::to_string(shape.imgsz) + "x" + batch : batch;
}

}  // namespace graphlens::planning
