#pragma once
// One request's shape as the capture planner sees it: a batch size, and for detectors the square
// image size it comes at (0: the family's default size, which is what a mix without sizes means).
#include <compare>
#include <iosfwd>
#include <string>
#include <vector>

namespace graphlens::planning {

struct RequestShape {
    int imgsz = 0;
    int batch = 0;
    auto operator<=>(const RequestShape&) const = default;
};

// "8", or "640x8" when the image size is given.
std::string describe(const RequestShape& shape);
std::ostream& operator<<(std::ostream& out, const RequestShape& shape);  // describe(), for test output

// The graph a request is served by: the smallest captured batch of its image size that holds it
// (the rest of that batch is padding); null when none does, and the request runs eagerly. The plan's
// figures and replay-mix's requests both follow it.
const RequestShape* servingShape(const std::vector<RequestShape>& captured, const RequestShape& request);

}  // namespace graphlens::planning
