// rtdetr-r18's training loss and Hungarian matcher against transformers' RTDetrForObjectDetectionLoss
// and RTDetrHungarianMatcher, on the seeded predictions and ground truths that
// tests/fixtures/hf_rtdetr_loss.py draws and saves with transformers' answers; then the behaviour for
// images without ground truths and the normalisation by the batch's ground-truth count.
#include "PythonReferenceOrSkip.h"
#include "families/rtdetr/RtDetrBoxOps.h"
#include "families/rtdetr/RtDetrDenoisingMatch.h"
#include "families/rtdetr/RtDetrHungarianMatcher.h"
#include "families/rtdetr/RtDetrLoss.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace graphlens::families::rtdetr;
using graphlens::testing::largestDifference;
using graphlens::testing::NamedTensors;
using graphlens::testing::OneThread;
using graphlens::testing::tensorNamed;

namespace {

constexpr double kTolerance = 1e-5;

// One python run per test process: the sections of a test case share it.
const graphlens::testing::Reference& transformersReference() {
    static const auto reference = graphlens::testing::referenceOrSkip("hf_rtdetr_loss.py", {});
    return reference;
}

struct Scenario {
    RtDetrDecoderOutput output;
    std::vector<RtDetrTarget> targets;
    RtDetrLossConfig config;
};

Scenario scenarioFrom(const NamedTensors& reference, const std::string& name) {
    const auto saved = [&](const std::string& key) { return tensorNamed(reference, name + "__" + key); };
    Scenario scenario;
    scenario.output.logits = saved("logits").clone().requires_grad_(true);
    scenario.output.boxes = saved("boxes").clone().requires_grad_(true);
    scenario.output.encTopkLogits = saved("encLogits").clone().requires_grad_(true);
    scenario.output.encTopkBoxes = saved("encBoxes").clone().requires_grad_(true);
    scenario.config.auxiliaryLoss = saved("auxiliaryLoss").item<bool>();
    const auto images = saved("images").item<std::int64_t>();
    for (std::int64_t image = 0; image < images; ++image) {
        const auto suffix = std::to_string(image);
        scenario.targets.push_back({saved("classes" + suffix), saved("targetBoxes" + suffix)});
    }
    if (reference.count(name + "__denoisingQueries")) {
        RtDetrDenoising denoising;
        denoising.queries = saved("denoisingQueries").item<std::int64_t>();
        denoising.groups = saved("denoisingGroups").item<std::int64_t>();
        for (std::int64_t image = 0; image < images; ++image) {
            denoising.positiveIndices.push_back(saved("denoisingPositives" + std::to_string(image)));
        }
        scenario.output.denoising = denoising;
    }
    return scenario;
}

double relativeDifference(double ours, double theirs) {
    return std::abs(ours - theirs) / std::max(std::abs(theirs), 1e-6);
}

torch::Tensor gradientOf(const torch::Tensor& leaf) {
    return leaf.grad().defined() ? leaf.grad() : torch::zeros_like(leaf);
}

void checkGradient(const torch::Tensor& leaf, const torch::Tensor& expected, const char* what) {
    const auto scale = expected.abs().max().item<double>();
    const auto difference = largestDifference(gradientOf(leaf), expected);
    INFO(what << ": largest gradient " << scale << ", largest difference " << difference);
    CHECK(difference <= kTolerance * std::max(scale, 1e-6));
}

void checkLossAgainstTransformers(const NamedTensors& reference, const std::string& name) {
    INFO("scenario " << name);
    OneThread oneThread;
    const auto scenario = scenarioFrom(reference, name);
    const auto loss = rtdetrLoss(scenario.output, scenario.targets, scenario.config);
    loss.total.backward();

    const std::string termPrefix = name + "__term__";
    std::set<std::string> expectedNames;
    for (const auto& [key, value] : reference) {
        if (key.rfind(termPrefix, 0) != 0) continue;
        const auto term = key.substr(termPrefix.size());
        expectedNames.insert(term);
        REQUIRE(loss.terms.count(term) == 1);
        const auto ours = loss.terms.at(term).item<double>();
        const auto theirs = value.item<double>();
        INFO(term << ": ours " << ours << ", transformers " << theirs);
        CHECK(relativeDifference(ours, theirs) <= kTolerance);
    }
    std::set<std::string> ourNames;
    for (const auto& [term, value] : loss.terms) ourNames.insert(term);
    CHECK(ourNames == expectedNames);

    const auto total = loss.total.item<double>();
    CHECK(relativeDifference(total, tensorNamed(reference, name + "__total").item<double>()) <= kTolerance);
    double sum = 0;
    for (const auto& [term, value] : loss.terms) sum += value.item<double>();
    CHECK(relativeDifference(total, sum) <= 1e-6);

    checkGradient(scenario.output.logits, tensorNamed(reference, name + "__gradLogits"),
                  "d total / d logits");
    checkGradient(scenario.output.boxes, tensorNamed(reference, name + "__gradBoxes"), "d total / d boxes");
    checkGradient(scenario.output.encTopkLogits, tensorNamed(reference, name + "__gradEncLogits"),
                  "d total / d encoder top-k logits");
    checkGradient(scenario.output.encTopkBoxes, tensorNamed(reference, name + "__gradEncBoxes"),
                  "d total / d encoder top-k boxes");
}

// The predictions transformers' matcher saw in its call `call` (0: the last layer, then aux_0, ...).
std::pair<torch::Tensor, torch::Tensor> matcherInput(const Scenario& scenario, std::int64_t call) {
    const auto layers = scenario.output.logits.size(1);
    if (call == layers)
        return {scenario.output.encTopkLogits.detach(), scenario.output.encTopkBoxes.detach()};
    const auto layer = call == 0 ? layers - 1 : call - 1;
    const auto skipped = scenario.output.denoising ? scenario.output.denoising->queries : 0;
    const auto detection = scenario.output.logits.size(2) - skipped;
    return {scenario.output.logits.detach().select(1, layer).narrow(1, skipped, detection),
            scenario.output.boxes.detach().select(1, layer).narrow(1, skipped, detection)};
}

void checkMatcherAgainstTransformers(const NamedTensors& reference, const std::string& name) {
    const auto scenario = scenarioFrom(reference, name);
    const auto calls = tensorNamed(reference, name + "__matcherCalls").item<std::int64_t>();
    // The last layer, then with the auxiliary loss every earlier layer and the encoder's top-k.
    REQUIRE(calls == (scenario.config.auxiliaryLoss ? scenario.output.logits.size(1) + 1 : 1));
    std::int64_t matchedPairs = 0;
    for (std::int64_t call = 0; call < calls; ++call) {
        const auto callName = call == 0 ? std::string("main") : "aux_" + std::to_string(call - 1);
        const auto [logits, boxes] = matcherInput(scenario, call);
        const auto matches = hungarianMatch(logits, boxes, scenario.targets);
        REQUIRE(matches.size() == scenario.targets.size());
        for (std::size_t image = 0; image < matches.size(); ++image) {
            const auto key = name + "__match__" + callName + "__" + std::to_string(image) + "__";
            INFO(key);
            CHECK(torch::equal(matches[image].predictions, tensorNamed(reference, key + "predictions")));
            CHECK(torch::equal(matches[image].targets, tensorNamed(reference, key + "targets")));
            matchedPairs += matches[image].predictions.numel();
        }
    }
    if (name != "empty") CHECK(matchedPairs > 0);  // the comparison must have had pairs to compare
}

// Seeded predictions in the layout of the decoder: [B, layers, queries, classes] and sigmoid boxes.
RtDetrDecoderOutput randomOutput(std::int64_t images, std::int64_t layers, std::int64_t queries,
                                 std::int64_t classes) {
    RtDetrDecoderOutput output;
    output.logits = torch::randn({images, layers, queries, classes}).requires_grad_(true);
    output.boxes = (torch::randn({images, layers, queries, 4}) * 0.8).sigmoid().requires_grad_(true);
    output.encTopkLogits = torch::randn({images, queries, classes}).requires_grad_(true);
    output.encTopkBoxes = (torch::randn({images, queries, 4}) * 0.8).sigmoid().requires_grad_(true);
    return output;
}

RtDetrTarget randomTarget(std::int64_t count, std::int64_t classes) {
    const auto centre = torch::rand({count, 2}) * 0.6 + 0.2;
    const auto size = torch::rand({count, 2}) * 0.35 + 0.05;
    return {torch::randint(0, classes, {count}, torch::kInt64), torch::cat({centre, size}, 1)};
}

// Image `image` of every prediction of `output`, as a batch of one.
RtDetrDecoderOutput imageOf(const RtDetrDecoderOutput& output, std::int64_t image) {
    RtDetrDecoderOutput one;
    one.logits = output.logits.detach().narrow(0, image, 1);
    one.boxes = output.boxes.detach().narrow(0, image, 1);
    one.encTopkLogits = output.encTopkLogits.detach().narrow(0, image, 1);
    one.encTopkBoxes = output.encTopkBoxes.detach().narrow(0, image, 1);
    return one;
}

}  // namespace

TEST_CASE("rtdetrLoss and hungarianMatch equal transformers' RTDetrForObjectDetectionLoss",
          "[rtdetr][loss]") {
    const auto& reference = transformersReference();
    if (!reference) GRAPHLENS_SKIP_MISSING_REFERENCE(reference.missing);
    for (const std::string name : {"plain", "denoising", "empty", "denoisingWithoutAuxiliary"}) {
        SECTION("the matcher's indices, " + name) {
            checkMatcherAgainstTransformers(*reference, name);
        }
        SECTION("every term, the total and the gradients, " + name) {
            checkLossAgainstTransformers(*reference, name);
        }
    }
}

TEST_CASE("an image without ground truths gets no box loss and does not break the batch", "[rtdetr][loss]") {
    torch::manual_seed(7);
    constexpr std::int64_t kClasses = 5;
    auto output = randomOutput(3, 3, 20, kClasses);
    const std::vector<RtDetrTarget> targets{randomTarget(3, kClasses), randomTarget(0, kClasses),
                                            randomTarget(5, kClasses)};
    const auto loss = rtdetrLoss(output, targets);
    loss.total.backward();
    CHECK(std::isfinite(loss.total.item<double>()));
    // The empty image's boxes are paired with nothing, so nothing pulls on them; its logits are all
    // pushed towards background.
    CHECK(output.boxes.grad()[1].abs().max().item<double>() == 0);
    CHECK(output.encTopkBoxes.grad()[1].abs().max().item<double>() == 0);
    CHECK(output.boxes.grad()[0].abs().max().item<double>() > 0);
    CHECK(output.logits.grad()[1].abs().max().item<double>() > 0);

    SECTION("and a batch without any ground truth has box terms of zero and a finite total") {
        const std::vector<RtDetrTarget> none{randomTarget(0, kClasses), randomTarget(0, kClasses),
                                             randomTarget(0, kClasses)};
        const auto empty = rtdetrLoss(output, none);
        for (const auto& [term, value] : empty.terms) {
            INFO(term);
            if (term.rfind("loss_vfl", 0) == 0) {
                CHECK(value.item<double>() > 0);
            } else {
                CHECK(value.item<double>() == 0);
            }
        }
        CHECK(std::isfinite(empty.total.item<double>()));
    }
}

TEST_CASE("every term is divided by the batch's ground-truth count, at least 1", "[rtdetr][loss]") {
    // The matching is per image, so a batch's unnormalised terms are the sums of its images': each
    // term times max(count, 1) of the batch equals the sum over its images of term times max(count, 1).
    OneThread oneThread;
    torch::manual_seed(11);
    constexpr std::int64_t kClasses = 4;
    const auto output = randomOutput(3, 2, 16, kClasses);
    const std::vector<std::int64_t> counts{2, 0, 5};
    std::vector<RtDetrTarget> targets;
    for (const auto count : counts) targets.push_back(randomTarget(count, kClasses));

    const auto batch = rtdetrLoss(output, targets);
    std::int64_t batchCount = 0;
    for (const auto count : counts) batchCount += count;
    std::map<std::string, double> summed;
    for (std::int64_t image = 0; image < 3; ++image) {
        const auto single = rtdetrLoss(imageOf(output, image), {targets[static_cast<std::size_t>(image)]});
        const auto scale =
            static_cast<double>(std::max<std::int64_t>(counts[static_cast<std::size_t>(image)], 1));
        for (const auto& [term, value] : single.terms) summed[term] += value.item<double>() * scale;
    }
    REQUIRE(summed.size() == batch.terms.size());
    for (const auto& [term, value] : batch.terms) {
        INFO(term);
        CHECK(value.item<double>() * static_cast<double>(batchCount) ==
              Approx(summed.at(term)).epsilon(1e-5).margin(1e-6));
    }
}

TEST_CASE("denoising matches pair each group's positive queries with the ground truths in order",
          "[rtdetr][loss]") {
    RtDetrDenoising denoising;
    denoising.queries = 12;
    denoising.groups = 2;
    denoising.positiveIndices = {torch::tensor({0, 1, 6, 7}, torch::kInt64),
                                 torch::empty({0}, torch::kInt64)};
    const std::vector<RtDetrTarget> targets{randomTarget(2, 3), randomTarget(0, 3)};
    const auto matches = denoisingMatches(denoising, targets);
    REQUIRE(matches.size() == 2);
    CHECK(torch::equal(matches[0].predictions, denoising.positiveIndices[0]));
    CHECK(torch::equal(matches[0].targets, torch::arange(2, torch::kInt64).repeat({2})));
    CHECK(matches[1].predictions.numel() == 0);
    denoising.groups = 3;
    CHECK_THROWS_WITH(denoisingMatches(denoising, targets), Catch::Contains("4 positive denoising queries"));
}

TEST_CASE("box overlaps: pairwise equals pair by pair, identical boxes overlap fully", "[rtdetr][loss]") {
    torch::manual_seed(3);
    const auto first = centerToCorners(randomTarget(6, 2).boxes);
    const auto second = centerToCorners(randomTarget(4, 2).boxes);
    const auto giou = pairwiseGeneralizedBoxIou(first, second);
    const auto iou = pairwiseBoxIou(first, second);
    REQUIRE(giou.sizes() == torch::IntArrayRef{6, 4});
    CHECK(torch::equal(giou[2][3], generalizedBoxIou(first[2], second[3])));
    CHECK(torch::equal(iou[5][1], boxOverlap(first[5], second[1]).iou));
    CHECK((giou <= iou).all().item<bool>());
    CHECK(torch::allclose(boxOverlap(first, first).iou, torch::ones({6})));
    CHECK(torch::allclose(generalizedBoxIou(first, first), torch::ones({6})));
}

TEST_CASE("half and bfloat16 predictions give the loss of their fp32 copies", "[rtdetr][loss]") {
    torch::manual_seed(5);
    const auto output = randomOutput(2, 2, 12, 3);
    const std::vector<RtDetrTarget> targets{randomTarget(3, 3), randomTarget(1, 3)};
    for (const auto type : {torch::kHalf, torch::kBFloat16}) {
        RtDetrDecoderOutput reduced;
        RtDetrDecoderOutput widened;
        for (auto [from, to, wide] : {std::tuple{&output.logits, &reduced.logits, &widened.logits},
                                      {&output.boxes, &reduced.boxes, &widened.boxes},
                                      {&output.encTopkLogits, &reduced.encTopkLogits, &widened.encTopkLogits},
                                      {&output.encTopkBoxes, &reduced.encTopkBoxes, &widened.encTopkBoxes}}) {
            *to = from->detach().to(type);
            *wide = to->to(torch::kFloat);
        }
        const auto ours = rtdetrLoss(reduced, targets);
        CHECK(ours.total.scalar_type() == torch::kFloat);
        CHECK(torch::equal(ours.total, rtdetrLoss(widened, targets).total));
    }
}
