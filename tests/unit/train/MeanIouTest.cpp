// Mean IoU against an independent per-pixel set computation in the test: for each label, the sets of
// pixels predicted and labelled with it (ignored pixels left out), |intersection| / |union|, averaged
// over the labels that occur in either, accumulated over several batches of hand-made and random masks.
#include "train/MeanIou.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <vector>

using graphlens::train::MeanIouCounter;

namespace {

// The pixel sets, straight: pixel k of batch b is (b, k).
struct SetIou {
    int labels;
    std::vector<std::set<std::pair<int, int>>> predicted, truth;
    int batches = 0;

    explicit SetIou(int labels) : labels(labels), predicted(labels), truth(labels) {}

    void add(const std::vector<int>& p, const std::vector<int>& t) {
        for (std::size_t k = 0; k < t.size(); ++k) {
            if (t[k] == 255) continue;
            predicted[static_cast<std::size_t>(p[k])].insert({batches, static_cast<int>(k)});
            truth[static_cast<std::size_t>(t[k])].insert({batches, static_cast<int>(k)});
        }
        ++batches;
    }

    double iou(int label) const {
        const auto& a = predicted[static_cast<std::size_t>(label)];
        const auto& b = truth[static_cast<std::size_t>(label)];
        std::size_t both = 0;
        for (const auto& pixel : a) both += b.count(pixel);
        const std::size_t either = a.size() + b.size() - both;
        return either == 0 ? std::nan("") : static_cast<double>(both) / static_cast<double>(either);
    }

    double mean() const {
        double sum = 0;
        int present = 0;
        for (int label = 0; label < labels; ++label) {
            if (std::isnan(iou(label))) continue;
            sum += iou(label);
            ++present;
        }
        return sum / present;
    }
};

torch::Tensor asTensor(const std::vector<int>& values, std::vector<std::int64_t> shape) {
    return torch::tensor(std::vector<std::int64_t>(values.begin(), values.end()), torch::kLong).view(shape);
}

std::vector<int> asVector(const torch::Tensor& t) {
    const auto flat = t.to(torch::kLong).contiguous();
    return {flat.data_ptr<std::int64_t>(), flat.data_ptr<std::int64_t>() + flat.numel()};
}

}  // namespace

TEST_CASE("mIoU on hand-made masks equals the per-pixel set computation, ignored pixels and absent labels left out",
          "[train][miou]") {
    // 4 labels; label 3 occurs nowhere, so it must not pull the mean down.
    const std::vector<int> truth1 = {0, 0, 1, 1, 2, 255, 255, 0};
    const std::vector<int> pred1 = {0, 1, 1, 1, 1, 2, 3 /* ignored: its 3 must not count */, 0};
    const std::vector<int> truth2 = {2, 2, 2, 0, 1, 1, 0, 0};
    const std::vector<int> pred2 = {2, 2, 0, 0, 1, 2, 0, 0};
    MeanIouCounter counter(4);
    SetIou reference(4);
    counter.add(asTensor(pred1, {1, 2, 4}), asTensor(truth1, {1, 2, 4}));
    reference.add(pred1, truth1);
    counter.add(asTensor(pred2, {1, 2, 4}), asTensor(truth2, {1, 2, 4}));
    reference.add(pred2, truth2);
    const auto perLabel = counter.perLabel();
    for (int label = 0; label < 3; ++label) {
        CAPTURE(label);
        CHECK(perLabel[static_cast<std::size_t>(label)] == Approx(reference.iou(label)));
    }
    CHECK(std::isnan(perLabel[3]));
    CHECK(counter.value() == Approx(reference.mean()));
    CHECK(counter.pixels() == 14);
    // Not a mean of per-batch scores: that would differ here.
    MeanIouCounter first(4), second(4);
    first.add(asTensor(pred1, {1, 2, 4}), asTensor(truth1, {1, 2, 4}));
    second.add(asTensor(pred2, {1, 2, 4}), asTensor(truth2, {1, 2, 4}));
    CHECK(std::abs((first.value() + second.value()) / 2 - counter.value()) > 1e-3);
}

TEST_CASE("mIoU on random masks over several batches equals the per-pixel set computation", "[train][miou]") {
    torch::manual_seed(3);
    MeanIouCounter counter(6);
    SetIou reference(6);
    for (int batch = 0; batch < 3; ++batch) {
        auto truth = torch::randint(0, 6, {2, 9, 7}, torch::kLong);
        truth.masked_fill_(torch::rand({2, 9, 7}).lt(0.15), 255);
        // Mostly right, with a random sixth replaced.
        auto predicted = truth.clamp_max(5).clone();
        const auto wrong = torch::rand({2, 9, 7}).lt(0.3);
        predicted.masked_scatter_(wrong, torch::randint(0, 6, {2, 9, 7}, torch::kLong).masked_select(wrong));
        counter.add(predicted.to(torch::kUInt8), truth);  // any integer type
        reference.add(asVector(predicted), asVector(truth));
    }
    CHECK(counter.value() == Approx(reference.mean()).epsilon(1e-12));
    CHECK(counter.value() > 0.3);
    CHECK(counter.value() < 1.0);
}

TEST_CASE("mIoU refuses mismatched shapes and labels out of range, and leaves the counts unchanged", "[train][miou]") {
    MeanIouCounter counter(3);
    CHECK(std::isnan(counter.value()));
    CHECK_THROWS_WITH(counter.add(torch::zeros({1, 2, 2}, torch::kLong), torch::zeros({1, 2, 3}, torch::kLong)),
                      Catch::Contains("label maps of one shape"));
    CHECK_THROWS_WITH(counter.add(torch::zeros({1, 2}, torch::kLong), torch::tensor({{0, 3}}, torch::kLong)),
                      Catch::Contains("outside 0..2 that is not the ignore label 255"));
    CHECK(counter.pixels() == 0);
    CHECK_THROWS_WITH(MeanIouCounter(300), Catch::Contains("ignore label 255 is one of the 300 labels"));
    counter.add(torch::tensor({{1, 1}}, torch::kLong), torch::tensor({{1, 1}}, torch::kLong));
    CHECK(counter.value() == 1.0);  // a perfect prediction of the one label present
}
