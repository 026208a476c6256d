#pragma once
// The square input sizes a family's network takes. Each built-in family states its own from its
// architecture (tests/unit/engine/ImageSizeRuleTest.cpp runs the smallest size it accepts and shows a
// refused one failing), so a size it cannot take is refused before anything runs, with what it needs.
// TorchScript families keep the default (any size): only their forward on load can tell.
#include <string>

namespace graphlens::families {

struct Family;

struct ImageSizeRule {
    int minimum = 1;     // the smallest side the network takes
    int multipleOf = 1;  // the side must be a multiple of this (1: any side)
    std::string reason;  // where the limit comes from, for the refusal ("its neck joins ... by 2x upsampling")
    int only = 0;        // the one side it takes (a network compiled for one size); 0: not fixed
};

// The smallest side `rule` accepts: its minimum rounded up to a multiple of multipleOf.
int smallestAcceptedSize(const ImageSizeRule& rule);

// The rule in a few characters, for listings: "any", ">=33", "32k >=32" (a multiple of 32, at least 32),
// "=32" (that size only).
std::string imageSizeRuleShort(const ImageSizeRule& rule);

// Empty when `family` takes `imgsz`; otherwise one sentence naming the family, the size and what the
// family needs: "yolo-t cannot take image size 33: it needs a multiple of 32, at least 32 (...)".
std::string imageSizeRefusal(const Family& family, int imgsz);

}  // namespace graphlens::families
