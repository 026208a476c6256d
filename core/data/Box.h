#pragma once
// YOLO targets, normalised to the image they belong to: a box (class id, centre and size), the
// outline of a segment or the corners of an oriented box (points), and pose keypoints.
#include <vector>

namespace graphlens::data {

struct Box {
    int cls = 0;
    float cx = 0, cy = 0, w = 0, h = 0;
};

struct Point {
    float x = 0, y = 0;
};

// A segmentation polygon (>= 3 points) or the four corners of an oriented box, in label order.
struct Polygon {
    int cls = 0;
    std::vector<Point> points;
};

// visibility: 0 not labelled, 1 labelled but occluded, 2 visible (datasets with kpt_shape [K, 2]
// carry no visibility: every keypoint is 2).
struct Keypoint {
    float x = 0, y = 0, visibility = 2;
};

}  // namespace graphlens::data
