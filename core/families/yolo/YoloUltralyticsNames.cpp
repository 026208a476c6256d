#include "families/yolo/YoloUltralyticsNames.h"

namespace graphlens::families::yolo {

// YoloV8 is laid out so that every name already is Ultralytics' (YoloV8.h); checkMapping still proves
// the cover, and a layout change shows there rather than as silently skipped weights.
families::NameMapping yoloV8UltralyticsNames() { return {{"", ""}}; }

}  // namespace graphlens::families::yolo
