#pragma once
// How far a box or polygon label may reach past the image, as Ultralytics' verify_image_label
// (ultralytics/data/utils.py) decides it: it checks the label's box, cls cx cy w h, where a polygon or
// an oriented box's box is the axis-aligned bounds of its points; the points themselves are never
// checked. The box passes with every value at most 1.01, cx and cy at least -0.01 and w and h at least
// 0 (all compared as float32). Nothing is clipped on reading: Ultralytics keeps the corners as written
// (an oriented box of dota8 reaches x = 1.04) and clips only when augmentation moves the labels, as
// DetectAugmentation does here.
#include "data/Box.h"

#include <string>

namespace graphlens::data {

inline constexpr float kLabelToleranceLow = -0.01f;   // cx, cy
inline constexpr float kLabelToleranceHigh = 1.01f;  // cx, cy, w, h

// Throws SampleDefect "<at>: cx = 1.2 is outside [-0.01, 1.01] (...)" for the first value outside
// the tolerance. fromPoints: the box is the bounds of a polygon's points (the message says so).
void requireLabelWithinTolerance(const Box& box, const std::string& at, bool fromPoints);

// Pose lines, as Ultralytics checks them: there the 1.01 bound applies to the keypoints' x and y only,
// and every value of the line must be at least -0.01 (w and h at least 0). So a pose box has no upper
// bound, a keypoint may sit 1% past the image, and a visibility is any value from -0.01 up.
void requirePoseBoxWithinTolerance(const Box& box, const std::string& at);
void requireKeypointWithinTolerance(const Keypoint& point, const std::string& name, bool withVisibility,
                                    const std::string& at);

}  // namespace graphlens::data
