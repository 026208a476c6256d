#pragma once
// The one place a run's image size meets its family's rule (families/ImageSizeRule.h): sweep plans,
// `verify` and `train` call it before anything is built or measured, so a size the network cannot
// take is bad input (exit code 2) with what the family needs, never a failure halfway through a run.
#include "families/Family.h"

#include <string>

namespace graphlens::bench {

// The size a run of `family` uses: `imgsz`, or the family's default when it is 0.
int effectiveImageSize(const families::Family& family, int imgsz);

// Throws UsageError when `family` cannot take `imgsz` (0: its default). `option` names where the
// size came from when it is not --imgsz ("--multi-scale"), and prefixes the message.
void checkImageSizeFits(const families::Family& family, int imgsz, const std::string& option = "");

}  // namespace graphlens::bench
