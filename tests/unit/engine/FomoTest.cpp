#include "TorchvisionReference.h"
#include "support/Skip.h"
#include "families/FamilyRegistry.h"
#include "families/Fomo.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

TEST_CASE("fomo-s is registered as a detector with its declarations", "[families]") {
    const auto* family = FamilyRegistry::builtIn().find("fomo-s");
    REQUIRE(family != nullptr);
    CHECK(family->task == "detect");
    CHECK(family->defaultImgsz == 160);
    CHECK(family->numClasses == 80);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    torch::NoGradGuard noGrad;
    auto module = family->build(0);
    module.ptr()->eval();
    const auto logits = module.forward<torch::Tensor>(torch::randn({2, 3, 160, 160}));
    CHECK(logits.sizes() == torch::IntArrayRef({2, 81, 20, 20}));  // background + 80 classes per 8x8 cell
    CHECK(torch::isfinite(logits).all().item<bool>());
}

TEST_CASE("fomo-s trunk is torchvision's mobilenet_v2(width_mult=0.35) cut at stride 8", "[families][torchvision]") {
    Fomo model(/*numClasses=*/3);
    CHECK(model->backbone->size() == 7);
    CHECK(model->head->named_parameters()["2.weight"].sizes() == torch::IntArrayRef({4, 32, 1, 1}));
    const auto compared = graphlens::testing::compareWithTorchvision(
        *model->backbone, [&](const torch::Tensor& x) { return model->backbone->forward(x); },
        "mobilenet_v2_035_stride8", fomoBackboneTorchvisionNames(), {1, 3, 224, 224});
    if (!compared.maxAbsDiff) GRAPHLENS_SKIP_MISSING_REFERENCE(compared.missing);
    CHECK(*compared.maxAbsDiff <= 1e-4);
}

TEST_CASE("fomo cell targets put each box's class in its centre cell", "[families]") {
    // image, class, cx, cy, w, h
    const auto boxes = torch::tensor({0.f, 2.f, 0.55f, 0.30f, 0.2f, 0.2f,   // cell (row 1, col 2) of 4x4
                                      1.f, 0.f, 0.99f, 0.99f, 0.1f, 0.1f,   // last cell
                                      1.f, 4.f, 1.00f, 0.00f, 0.1f, 0.1f})  // cx = 1 clamps into the grid
                           .view({3, 6});
    const auto targets = fomoCellTargets(boxes, /*batch=*/2, /*gridH=*/4, /*gridW=*/4);
    CHECK(targets.dtype() == torch::kLong);
    CHECK(targets.sizes() == torch::IntArrayRef({2, 4, 4}));
    CHECK(targets[0][1][2].item<int64_t>() == 3);
    CHECK(targets[1][3][3].item<int64_t>() == 1);
    CHECK(targets[1][0][3].item<int64_t>() == 5);
    CHECK(targets.count_nonzero().item<int64_t>() == 3);
    CHECK(fomoCellTargets(torch::zeros({0, 6}), 2, 4, 4).count_nonzero().item<int64_t>() == 0);
    CHECK_THROWS_AS(fomoCellTargets(torch::zeros({2, 5}), 2, 4, 4), std::invalid_argument);
}

TEST_CASE("fomo loss is cross-entropy weighting object cells against background", "[families]") {
    torch::manual_seed(4);
    const auto logits = torch::randn({2, 4, 5, 5}, torch::requires_grad());
    auto targets = torch::zeros({2, 5, 5}, torch::kLong);
    targets[0][1][1] = 2;
    targets[1][4][0] = 3;
    const auto loss = fomoLoss(logits, targets, /*objectWeight=*/10.0);
    // sum(w_t * -log p_t) / sum(w_t), background weight 1.
    const auto nll = -torch::log_softmax(logits, 1).gather(1, targets.unsqueeze(1)).squeeze(1);
    const auto weights = torch::where(targets > 0, torch::full_like(nll, 10.0), torch::ones_like(nll));
    CHECK(loss.item<double>() == Approx(((weights * nll).sum() / weights.sum()).item<double>()).epsilon(1e-5));
    loss.backward();
    CHECK(logits.grad().abs().sum().item<double>() > 0);

    // A model step on the loss moves the prediction towards the targets.
    torch::manual_seed(5);
    Fomo model(/*numClasses=*/2);
    torch::optim::SGD optimiser(model->parameters(), torch::optim::SGDOptions(/*lr=*/0.05));
    const auto images = torch::randn({2, 3, 64, 64});
    const auto cellTargets =
        fomoCellTargets(torch::tensor({0.f, 1.f, 0.3f, 0.3f, 0.1f, 0.1f}).view({1, 6}), 2, 8, 8);
    double first = 0, last = 0;
    for (int step = 0; step < 5; ++step) {
        optimiser.zero_grad();
        auto stepLoss = fomoLoss(model->forward(images), cellTargets);
        stepLoss.backward();
        optimiser.step();
        (step == 0 ? first : last) = stepLoss.item<double>();
    }
    CHECK(last < first);
}

TEST_CASE("fomo postprocess merges connected cells of a class into centroids", "[families]") {
    // 2 images, background + 2 classes, 6x6 cells; logits favour background everywhere first.
    auto logits = torch::zeros({2, 3, 6, 6});
    logits.select(1, 0).fill_(5.0);
    const auto light = [&](int64_t b, int64_t cls, int64_t r, int64_t c, float value) {
        logits[b][0][r][c] = 0.0;
        logits[b][cls + 1][r][c] = value;
    };
    light(0, 0, 1, 1, 6.0f);  // a 2x2 blob of class 0 ...
    light(0, 0, 1, 2, 6.0f);
    light(0, 0, 2, 1, 6.0f);
    light(0, 0, 2, 2, 8.0f);
    light(0, 1, 4, 4, 6.0f);  // ... a single cell of class 1 ...
    light(0, 1, 5, 5, 6.0f);  // ... diagonally connected to another
    light(0, 0, 0, 5, 6.0f);  // class 0 elsewhere: its own point
    light(1, 1, 3, 0, 0.1f);  // too weak: below the threshold
    const auto points = fomoPostprocess(logits, /*threshold=*/0.5f);
    REQUIRE(points.size() == 2);
    CHECK(points[1].empty());
    REQUIRE(points[0].size() == 3);
    // In raster order of each component's first cell.
    CHECK(points[0][0].cls == 0);
    CHECK(points[0][0].cells == 1);
    CHECK(points[0][0].x == Approx(5.5 / 6.0));
    CHECK(points[0][0].y == Approx(0.5 / 6.0));
    const auto& blob = points[0][1];
    CHECK(blob.cls == 0);
    CHECK(blob.cells == 4);
    CHECK(blob.x == Approx(2.0 / 6.0));
    CHECK(blob.y == Approx(2.0 / 6.0));
    CHECK(blob.score == Approx(torch::softmax(torch::tensor({0.f, 8.f, 0.f}), 0)[1].item<float>()));
    CHECK(points[0][2].cls == 1);
    CHECK(points[0][2].cells == 2);
    CHECK(points[0][2].x == Approx(5.0 / 6.0));
    CHECK(points[0][2].y == Approx(5.0 / 6.0));
}

TEST_CASE("fomo targets decode back to their boxes' centre cells", "[families]") {
    const auto boxes = torch::tensor({0.f, 3.f, 0.10f, 0.80f, 0.1f, 0.1f, 0.f, 1.f, 0.70f, 0.20f, 0.1f, 0.1f}).view({2, 6});
    const auto targets = fomoCellTargets(boxes, 1, 10, 10);
    const auto logits = torch::one_hot(targets, 5).permute({0, 3, 1, 2}).to(torch::kFloat) * 10.0;
    const auto points = fomoPostprocess(logits);
    REQUIRE(points[0].size() == 2);
    for (const auto& point : points[0]) {
        const bool first = point.cls == 3;
        CHECK(point.cls == (first ? 3 : 1));
        CHECK(point.x == Approx(first ? 0.15 : 0.75));
        CHECK(point.y == Approx(first ? 0.85 : 0.25));
    }
}
