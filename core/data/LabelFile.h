#pragma once
// YOLO label files (Ultralytics conventions), one object per line, coordinates normalised to [0, 1]
// (boxes, polygons and oriented boxes may reach 1% past the image as Ultralytics allows, with their
// points kept as written: LabelTolerance.h; pose keypoints and boxes stay within [0, 1]):
//   class cx cy w h                          a detection box
//   class x1 y1 x2 y2 ... xn yn              a segmentation polygon (n >= 3, an odd field count >= 7)
//   class x1 y1 x2 y2 x3 y3 x4 y4            an oriented box (DOTA corners): 9 fields, the same shape as
//                                            a 4-point polygon; which one it is is a dataset-level rule
//                                            (see YoloDataset.h), the parse is the same
//   class cx cy w h px1 py1 [v1] ...         pose keypoints, only with the YAML's kpt_shape [K, 2|3]
// The file may start with a UTF-8 byte-order mark; class ids may be written as floats with an integral
// value ("16.0"); blank lines are allowed; an empty file is a background image.
#include "data/Box.h"

#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::data {

// What the dataset says its label lines are (from the YAML).
struct LabelRules {
    enum class Task { Auto, Segment, Obb, Pose };
    int classCount = 1;
    Task task = Task::Auto;   // Auto/Segment: boxes and polygons; Obb: only 9-field lines; Pose: 5 + K*D
    int keypoints = 0;        // kpt_shape[0] (Pose)
    int keypointDims = 0;     // kpt_shape[1]: 2 (x y) or 3 (x y visibility)
};

struct Labels {
    std::vector<Box> boxes;          // one per object; polygons and oriented boxes: their axis-aligned bounds
    std::vector<Polygon> polygons;   // empty when every line is a box; else one per object, in line order
                                     // (a box line among polygons becomes its 4-corner rectangle)
    std::vector<Keypoint> keypoints; // Pose: rules.keypoints per object, object after object
    int boxLines = 0;                // 5 fields (without kpt_shape)
    int quadLines = 0;               // 9 fields: oriented box or 4-point polygon
    int polygonLines = 0;            // 7, 11, 13, ... fields
};

// Throws SampleDefect "<file>:<line>: <what> (expected ...)" on the first bad line; a line whose field
// count fits no accepted format throws LabelFormatDefect (a SampleDefect) carrying what it saw and
// what was expected, so a dataset whose every image fails that way can say so.
Labels readLabels(const std::filesystem::path& path, const LabelRules& rules);

// Boxes only (detection), with the default rules.
std::vector<Box> readLabelFile(const std::filesystem::path& path, int classCount);

// The 4-corner rectangle of a box (clockwise from the top left), for a box line among polygons.
Polygon rectangleOf(const Box& box);

// "5 fields (class cx cy w h), or a class followed by 3 or more x y points (7, 9, 11, ... fields)".
std::string expectedLabelFields(const LabelRules& rules);

}  // namespace graphlens::data
