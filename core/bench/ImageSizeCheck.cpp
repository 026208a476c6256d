#include "bench/ImageSizeCheck.h"

#include "bench/UsageError.h"
#include "families/ImageSizeRule.h"

namespace graphlens::bench {

int effectiveImageSize(const families::Family& family, int imgsz) {
    return imgsz > 0 ? imgsz : family.defaultImgsz;
}

void checkImageSizeFits(const families::Family& family, int imgsz, const std::string& option) {
    const auto refusal = families::imageSizeRefusal(family, effectiveImageSize(family, imgsz));
    if (refusal.empty()) return;
    throw UsageError(option.empty() ? refusal : option + ": " + refusal);
}

}  // namespace graphlens::bench
