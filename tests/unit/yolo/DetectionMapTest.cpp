// The detector's mAP against pycocotools' COCOeval (tests/fixtures/coco_map_reference.py) on seeded
// random detections, and hand cases: perfect, missing and cut predictions, a class without ground
// truth, pycocotools' tie rule, bad boxes.
#include "train/DetectionMap.h"

#include "PythonReferenceOrSkip.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

using graphlens::train::DetectionMapCounter;
using graphlens::train::LabelledBox;
using graphlens::train::ScoredBox;

namespace {

// Feeds the script's flattened boxes image by image and compares with its stats[0] and stats[1].
// Both sides compute the same double operations except the final means (numpy sums pairwise), so
// they agree to rounding.
void requireEqualToPycocotools(const std::string& seed, const std::string& config) {
    const auto tensors = graphlens::testing::referenceOrSkip("coco_map_reference.py", {seed, config});
    if (!tensors) GRAPHLENS_SKIP_MISSING_REFERENCE(tensors.missing);
    using graphlens::testing::tensorNamed;
    const auto images = tensorNamed(*tensors, "images").item<std::int64_t>();
    std::vector<std::vector<ScoredBox>> predictions(static_cast<std::size_t>(images));
    std::vector<std::vector<LabelledBox>> truths(static_cast<std::size_t>(images));

    const auto gtImage = tensorNamed(*tensors, "gt_image").accessor<std::int64_t, 1>();
    const auto gtClass = tensorNamed(*tensors, "gt_class").accessor<std::int64_t, 1>();
    const auto gtBox = tensorNamed(*tensors, "gt_box").accessor<float, 2>();
    for (std::int64_t i = 0; i < gtImage.size(0); ++i) {
        truths[static_cast<std::size_t>(gtImage[i])].push_back(
            {static_cast<int>(gtClass[i]), gtBox[i][0], gtBox[i][1], gtBox[i][2], gtBox[i][3]});
    }
    const auto predImage = tensorNamed(*tensors, "pred_image").accessor<std::int64_t, 1>();
    const auto predClass = tensorNamed(*tensors, "pred_class").accessor<std::int64_t, 1>();
    const auto predScore = tensorNamed(*tensors, "pred_score").accessor<float, 1>();
    const auto predBox = tensorNamed(*tensors, "pred_box").accessor<float, 2>();
    for (std::int64_t i = 0; i < predImage.size(0); ++i) {
        predictions[static_cast<std::size_t>(predImage[i])].push_back(
            {static_cast<int>(predClass[i]), predScore[i], predBox[i][0], predBox[i][1], predBox[i][2], predBox[i][3]});
    }

    DetectionMapCounter counter;
    for (std::size_t image = 0; image < predictions.size(); ++image) counter.addImage(predictions[image], truths[image]);
    REQUIRE(counter.images() == images);

    const double expected5095 = tensorNamed(*tensors, "map5095").item<double>();
    const double expected50 = tensorNamed(*tensors, "map50").item<double>();
    INFO("seed " << seed << ", " << config << ": pycocotools mAP50-95 " << expected5095 << ", mAP50 " << expected50);
    REQUIRE(expected50 > 0.05);  // a draw that matches nothing would prove little
    const double difference5095 = std::abs(counter.map5095() - expected5095);
    const double difference50 = std::abs(counter.map50() - expected50);
    REQUIRE(difference5095 <= 1e-9);
    REQUIRE(difference50 <= 1e-9);
}

ScoredBox predicted(int cls, float score, const LabelledBox& box) {
    return {cls, score, box.x1, box.y1, box.x2, box.y2};
}

}  // namespace

TEST_CASE("mAP equals pycocotools on crowded images, duplicate scores and a class without ground truth",
          "[train][map]") {
    requireEqualToPycocotools("7", "dense");
}

TEST_CASE("mAP equals pycocotools on a second dense draw", "[train][map]") {
    requireEqualToPycocotools("11", "dense");
}

TEST_CASE("mAP equals pycocotools on few, loosely placed boxes", "[train][map]") {
    requireEqualToPycocotools("5", "sparse");
}

TEST_CASE("mAP is 1 for perfect predictions, whatever their scores", "[train][map]") {
    DetectionMapCounter counter;
    const std::vector<LabelledBox> first = {{0, 10, 10, 50, 60}, {1, 100, 20, 180, 90}, {0, 30, 30, 70, 80}};
    const std::vector<LabelledBox> second = {{2, 0.5f, 0.25f, 12.75f, 40}, {1, 300, 300, 301, 302}};
    counter.addImage({predicted(0, 0.3f, first[0]), predicted(1, 0.3f, first[1]), predicted(0, 0.9f, first[2])},
                     first);
    counter.addImage({predicted(2, 0.5f, second[0]), predicted(1, 0.5f, second[1])}, second);
    // 1 up to COCOeval's np.spacing(1) in the precision's denominator.
    CHECK(counter.map50() == Approx(1.0).margin(1e-12));
    CHECK(counter.map5095() == Approx(1.0).margin(1e-12));
    CHECK(counter.images() == 2);
}

TEST_CASE("mAP is 0 without predictions, and 0 with nothing at all", "[train][map]") {
    DetectionMapCounter missed;
    missed.addImage({}, {{0, 10, 10, 50, 60}, {3, 0, 0, 5, 5}});
    missed.addImage({}, {});
    CHECK(missed.map50() == 0.0);
    CHECK(missed.map5095() == 0.0);
    CHECK(missed.images() == 2);

    DetectionMapCounter empty;
    CHECK(empty.map50() == 0.0);
    CHECK(empty.map5095() == 0.0);
    empty.addImage({}, {});
    CHECK(empty.map5095() == 0.0);
    CHECK(empty.images() == 1);
}

TEST_CASE("a class with only false positives and no ground truth leaves the mean unchanged", "[train][map]") {
    const std::vector<LabelledBox> truths = {{0, 10, 10, 50, 60}, {1, 100, 20, 180, 90}};
    const std::vector<ScoredBox> predictions = {
        {0, 0.8f, 12, 11, 52, 58}, {0, 0.9f, 200, 200, 240, 260}, {1, 0.4f, 104, 25, 175, 95}};
    DetectionMapCounter plain;
    plain.addImage(predictions, truths);

    auto withStrayClass = predictions;
    withStrayClass.push_back({7, 0.99f, 10, 10, 50, 60});
    withStrayClass.push_back({7, 0.5f, 0, 0, 30, 30});
    DetectionMapCounter stray;
    stray.addImage(withStrayClass, truths);

    REQUIRE(plain.map5095() > 0.0);
    CHECK(stray.map50() == plain.map50());
    CHECK(stray.map5095() == plain.map5095());
}

TEST_CASE("of two boxes with equal IoU the detection takes the later one, as pycocotools", "[train][map]") {
    // The first detection overlaps both boxes by 0.905; the second overlaps the first box by 0.667
    // and the second by 0.538. Taking the later box leaves the first to the second detection:
    // AP 1 at IoU 0.50-0.65; at 0.70-0.90 only the first detection matches, recall 0.5, AP 51/101
    // (recalls 0, 0.01, ..., 0.50); at 0.95 nothing matches.
    // Taking the earlier box would instead give AP 51/101 already at 0.55-0.65.
    DetectionMapCounter counter;
    counter.addImage({{0, 0.9f, 101, 100, 121, 120}, {0, 0.8f, 96, 100, 116, 120}},
                     {{0, 100, 100, 120, 120}, {0, 102, 100, 122, 120}});
    CHECK(counter.map50() == Approx(1.0).margin(1e-12));
    CHECK(counter.map5095() == Approx((4.0 + 5.0 * 51.0 / 101.0) / 10.0).margin(1e-12));
}

TEST_CASE("only the 100 highest-scoring detections of each image and class count", "[train][map]") {
    const LabelledBox truth = {0, 10, 10, 50, 60};
    auto strays = [](int cls, int count) {
        std::vector<ScoredBox> boxes;
        for (int i = 0; i < count; ++i) boxes.push_back({cls, 0.9f, 300.0f + i, 300, 310.0f + i, 310});
        return boxes;
    };
    SECTION("the true positive ranks 101st: cut") {
        auto predictions = strays(0, 100);
        predictions.push_back(predicted(0, 0.1f, truth));
        DetectionMapCounter counter;
        counter.addImage(predictions, {truth});
        CHECK(counter.map50() == 0.0);
    }
    SECTION("the true positive ranks 100th: precision 1/100 at every recall") {
        auto predictions = strays(0, 99);
        predictions.push_back(predicted(0, 0.1f, truth));
        DetectionMapCounter counter;
        counter.addImage(predictions, {truth});
        CHECK(counter.map50() == Approx(0.01).margin(1e-12));
    }
    SECTION("another class's detections do not push it out") {
        auto predictions = strays(1, 150);
        predictions.push_back(predicted(0, 0.1f, truth));
        DetectionMapCounter counter;
        counter.addImage(predictions, {truth});
        CHECK(counter.map50() == Approx(1.0).margin(1e-12));
    }
}

TEST_CASE("bad boxes throw std::invalid_argument and leave the counter unchanged", "[train][map]") {
    DetectionMapCounter counter;
    const std::vector<LabelledBox> truths = {{0, 10, 10, 50, 60}};
    CHECK_THROWS_AS(counter.addImage({{0, 0.5f, 50, 10, 10, 60}}, truths), std::invalid_argument);  // x2 < x1
    CHECK_THROWS_AS(counter.addImage({}, {{0, 10, 60, 50, 10}}), std::invalid_argument);             // y2 < y1
    CHECK_THROWS_AS(counter.addImage({{-1, 0.5f, 10, 10, 50, 60}}, truths), std::invalid_argument);
    CHECK_THROWS_AS(counter.addImage({{0, std::nanf(""), 10, 10, 50, 60}}, truths), std::invalid_argument);
    CHECK_THROWS_AS(counter.addImage({}, {{0, 10, 10, INFINITY, 60}}), std::invalid_argument);
    CHECK(counter.images() == 0);
    CHECK(counter.map5095() == 0.0);
}
