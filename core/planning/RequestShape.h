#pragma once
// One request's shape as the capture planner sees it: a batch size, and for detectors the square
// image size it comes at (0: the family's default size, which is what a mix without sizes means).
#include <compare>
#include <iosfwd>
#include <string>

namespace graphlens::planning {

struct RequestShape {
    int imgsz = 0;
    int batch = 0;
    auto operator<=>(const RequestShape&) const = default;
};

// "8", or "640x8" when the image size is given.
std::string describe(const RequestShape& shape);
std::ostream& operator<<(std::ostream& out, const RequestShape& shape);  // describe(), for test output

}  // namespace graphlens::planning
