#include "planning/RequestShape.h"

#include <ostream>

namespace graphlens::planning {

std::string describe(const RequestShape& shape) {
    const std::string batch = std::to_string(shape.batch);
    return shape.imgsz > 0 ? std::to_string(shape.imgsz) + "x" + batch : batch;
}

std::ostream& operator<<(std::ostream& out, const RequestShape& shape) { return out << describe(shape); }

const RequestShape* servingShape(const std::vector<RequestShape>& captured, const RequestShape& request) {
    const RequestShape* best = nullptr;
    for (const auto& shape : captured) {
        if (shape.imgsz == request.imgsz && shape.batch >= request.batch && (!best || shape.batch < best->batch)) best = &shape;
    }
    return best;
}

}  // namespace graphlens::planning
