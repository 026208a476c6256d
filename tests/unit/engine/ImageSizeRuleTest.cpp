// Each built-in family's image-size rule (families/ImageSizeRule.h) against its own network on the CPU:
// the smallest size the rule accepts runs the forward, and each refused size shown here really fails in
// the forward (FOMO's forward takes any size: its refused sizes give logits on another grid than its
// training targets, a loss over misplaced cells). A family added to the registry without a row here
// fails the first case, so no rule goes unproven.
#include "families/FamilyRegistry.h"
#include "families/ImageSizeRule.h"
#include "graphs/ModuleForward.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <string>
#include <vector>

using namespace graphlens::families;

namespace {

struct SizeProof {
    std::string family;
    int smallest;                   // what the rule must accept as its smallest size
    std::vector<int> failingSizes;  // sizes the rule refuses, each failing in the network (FOMO: grids differ)
};

// The architectures' arithmetic, written down where the rule is proven (see each family's file).
const std::vector<SizeProof>& sizeProofs() {
    static const std::vector<SizeProof> proofs{
        {"resnet18", 1, {}},         // padded stride-2 layers and global pooling: any side
        {"mobilenetv3-s", 1, {}},
        {"efficientnet-b0", 1, {}},
        {"convnext-t", 32, {31}},    // 31 px: stem 7, then 3, 1, and the last 2x2 downsampling has nothing
        {"fomo-s", 8, {7, 36}},      // no whole cell at 7 px; 36 px: 5x5 logits against 4x4 cell targets
        {"yolo-t", 32, {33, 48}},    // 33 px: maps 5 and 3, the 2x upsampled 2 is 4; 48 px: 2x upsampled 2 vs 3
        // 28 px: a 7x7 first-stage map under the 8x8 key/value reduction (transformers' SegFormer fails
        // there too); 29-31 px would pass that reduction, but the network's own guard stops below 32.
        {"segformer-b0", 32, {28, 31}},
        {"rtdetr-r18", 128, {96, 136}},  // 96: 189 positions for 300 queries; 136: maps 17, 9, 5 do not join
    };
    return proofs;
}

const Family& registeredFamily(const std::string& name) {
    const auto* family = FamilyRegistry::builtIn().find(name);
    REQUIRE(family != nullptr);
    return *family;
}

c10::IValue forwardAt(const Family& family, int side) {
    torch::NoGradGuard noGrad;
    auto network = family.build(/*seed=*/0);
    network.ptr()->eval();
    torch::manual_seed(0);
    return graphlens::graphs::toIValue(network.any_forward(torch::rand({2, 3, side, side})));
}

// FOMO's rule protects its training step: the cell targets of one box must lie on the logits' grid.
// Cross-entropy would not notice a smaller target grid (gather reads its top-left corner).
bool fomoTargetsOnLogitGrid(const Family& family, int side) {
    TrainingLabels labels;
    labels.boxes = torch::tensor({{0.0f, 3.0f, 0.5f, 0.5f, 0.2f, 0.2f}});
    labels.classes = torch::full({2}, -1, torch::kLong);
    const auto logits = forwardAt(family, side).toTensor();
    torch::Tensor targets;
    try {
        targets = family.trainingTargets(labels, /*batch=*/2, side);
    } catch (const std::exception&) {
        return false;  // no whole cell to put the box in
    }
    return targets.size(1) == logits.size(2) && targets.size(2) == logits.size(3);
}

}  // namespace

TEST_CASE("every built-in family's size rule has a proof below", "[families][imgsz]") {
    for (const auto& family : FamilyRegistry::builtIn().all()) {
        CAPTURE(family.name);
        bool proven = false;
        for (const auto& proof : sizeProofs()) proven = proven || proof.family == family.name;
        CHECK(proven);
        CHECK(imageSizeRefusal(family, family.defaultImgsz).empty());  // its own default is a size it takes
    }
}

TEST_CASE("the smallest size each family's rule accepts runs its forward on the CPU", "[families][imgsz]") {
    for (const auto& proof : sizeProofs()) {
        CAPTURE(proof.family, proof.smallest);
        const auto& family = registeredFamily(proof.family);
        CHECK(smallestAcceptedSize(family.imageSizes) == proof.smallest);
        CHECK(imageSizeRefusal(family, proof.smallest).empty());
        CHECK_FALSE(imageSizeRefusal(family, proof.smallest - 1).empty());
        CHECK_NOTHROW(forwardAt(family, proof.smallest));
    }
    CHECK(fomoTargetsOnLogitGrid(registeredFamily("fomo-s"), 8));  // its training step fits at its smallest size too
    CHECK(fomoTargetsOnLogitGrid(registeredFamily("fomo-s"), 40));
}

TEST_CASE("each size a family's rule refuses fails in its network", "[families][imgsz]") {
    for (const auto& proof : sizeProofs()) {
        const auto& family = registeredFamily(proof.family);
        for (int side : proof.failingSizes) {
            CAPTURE(proof.family, side);
            CHECK_FALSE(imageSizeRefusal(family, side).empty());
            if (proof.family == "fomo-s") {
                CHECK_NOTHROW(forwardAt(family, side));
                CHECK_FALSE(fomoTargetsOnLogitGrid(family, side));
            } else {
                CHECK_THROWS(forwardAt(family, side));
            }
        }
    }
}

TEST_CASE("a stride-32 family names the size and what it needs", "[families][imgsz]") {
    CHECK(imageSizeRefusal(registeredFamily("yolo-t"), 33) ==
          "yolo-t cannot take image size 33: it needs a multiple of 32, at least 32 px (its neck joins the "
          "stride-32, 16 and 8 maps by 2x upsampling and its head decodes them at those strides)");
    CHECK(imageSizeRefusal(registeredFamily("yolo-t"), 64).empty());
    const auto rtdetr = imageSizeRefusal(registeredFamily("rtdetr-r18"), 96);
    CHECK(rtdetr.rfind("rtdetr-r18 cannot take image size 96: it needs a multiple of 32, at least 128 px (", 0) == 0);
    CHECK(imageSizeRefusal(registeredFamily("segformer-b0"), 28).rfind("segformer-b0 cannot take image size 28: it needs "
                                                                 "at least 32 px (", 0) == 0);
    // A rule with no stride and no minimum (a TorchScript family's) takes every positive size.
    Family anySize;
    anySize.name = "user";
    CHECK(imageSizeRefusal(anySize, 1).empty());
    CHECK(imageSizeRefusal(anySize, 33).empty());
    CHECK(smallestAcceptedSize({/*minimum=*/30, /*multipleOf=*/8, ""}) == 32);
}
