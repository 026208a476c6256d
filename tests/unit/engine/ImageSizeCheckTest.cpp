// A size the family cannot take is refused while the plan is checked, before anything is built or
// measured, as bad input (UsageError: exit code 2) that says what the family needs.
#include "bench/ImageSizeCheck.h"
#include "bench/SweepSession.h"
#include "bench/UsageError.h"
#include "families/FamilyRegistry.h"

#include <catch2/catch.hpp>

using namespace graphlens;

namespace {

results::SweepPlan planFor(const std::string& family, int imgsz) {
    results::SweepPlan plan;
    plan.family = family;
    plan.imgsz = imgsz;
    plan.batches = {1};
    plan.precision = "fp32";
    return plan;
}

std::string refusalOf(const results::SweepPlan& plan) {
    try {
        bench::checkSweepPlan(plan);
    } catch (const bench::UsageError& error) {
        return error.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("a sweep plan with a size its family cannot take is refused up front", "[sweep][imgsz]") {
    CHECK_THAT(refusalOf(planFor("yolo-t", 33)),
               Catch::StartsWith("yolo-t cannot take image size 33: it needs a multiple of 32"));
    CHECK_THAT(refusalOf(planFor("rtdetr-r18", 32)),
               Catch::StartsWith("rtdetr-r18 cannot take image size 32: it needs a multiple of 32, at least 128 px"));
    CHECK_THAT(refusalOf(planFor("fomo-s", 36)),
               Catch::StartsWith("fomo-s cannot take image size 36: it needs a multiple of 8"));
    CHECK(refusalOf(planFor("yolo-t", 64)) == "(accepted)");
    CHECK(refusalOf(planFor("rtdetr-r18", 128)) == "(accepted)");
    CHECK(refusalOf(planFor("resnet18", 33)) == "(accepted)");  // global pooling: any size the plan allows
    // 0 is the family's default, which each family takes.
    for (const auto& family : families::FamilyRegistry::builtIn().all()) {
        CAPTURE(family.name);
        CHECK(refusalOf(planFor(family.name, 0)) == "(accepted)");
    }
}

TEST_CASE("checkImageSizeFits names where a size came from", "[sweep][imgsz]") {
    const auto& yolo = *families::FamilyRegistry::builtIn().find("yolo-t");
    CHECK_NOTHROW(bench::checkImageSizeFits(yolo, 0));
    CHECK_NOTHROW(bench::checkImageSizeFits(yolo, 96));
    CHECK_THROWS_WITH(bench::checkImageSizeFits(yolo, 100, "--multi-scale"),
                      Catch::StartsWith("--multi-scale: yolo-t cannot take image size 100: it needs a multiple of 32"));
    CHECK(bench::effectiveImageSize(yolo, 0) == 640);
    CHECK(bench::effectiveImageSize(yolo, 96) == 96);
}
