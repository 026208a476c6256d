#include "families/ImageSizeRule.h"

#include "families/Family.h"

namespace graphlens::families {
namespace {

std::string whatTheRuleNeeds(const ImageSizeRule& rule) {
    if (rule.only > 0) return std::to_string(rule.only) + " px only" + (rule.reason.empty() ? "" : " (" + rule.reason + ")");
    const int smallest = smallestAcceptedSize(rule);
    std::string needs = rule.multipleOf > 1 ? "a multiple of " + std::to_string(rule.multipleOf) + ", at least "
                                            : "at least ";
    needs += std::to_string(smallest) + " px";
    if (!rule.reason.empty()) needs += " (" + rule.reason + ")";
    return needs;
}

}  // namespace

int smallestAcceptedSize(const ImageSizeRule& rule) {
    const int step = rule.multipleOf > 1 ? rule.multipleOf : 1;
    const int minimum = rule.minimum > 1 ? rule.minimum : 1;
    return (minimum + step - 1) / step * step;
}

std::string imageSizeRuleShort(const ImageSizeRule& rule) {
    if (rule.only > 0) return "=" + std::to_string(rule.only);
    const int smallest = smallestAcceptedSize(rule);
    if (rule.multipleOf <= 1) return smallest <= 1 ? "any" : ">=" + std::to_string(smallest);
    return std::to_string(rule.multipleOf) + "k >=" + std::to_string(smallest);
}

std::string imageSizeRefusal(const Family& family, int imgsz) {
    const auto& rule = family.imageSizes;
    const bool tooSmall = imgsz < smallestAcceptedSize(rule);
    const bool offStride = rule.multipleOf > 1 && imgsz % rule.multipleOf != 0;
    const bool notTheOne = rule.only > 0 && imgsz != rule.only;
    if (!tooSmall && !offStride && !notTheOne) return "";
    return family.name + " cannot take image size " + std::to_string(imgsz) + ": it needs " + whatTheRuleNeeds(rule);
}

}  // namespace graphlens::families
