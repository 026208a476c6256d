// The loader on the CPU path: order from the seed only, drop_last, variable shapes, defects skipped
// with one warning each, every image broken is an error, and the decoded cache.
#include "TestFiles.h"
#include "data/DataLoader.h"
#include "data/ImageSampleSource.h"
#include "data/PatternSampleSource.h"
#include "data/YoloDataset.h"

#include <catch2/catch.hpp>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <algorithm>
#include <mutex>

using namespace graphlens;
using data::DataLoader;
using data::LoaderOptions;
using data::PatternSampleSource;

namespace {

std::vector<std::vector<std::size_t>> drain(DataLoader& loader) {
    std::vector<std::vector<std::size_t>> batches;
    while (auto batch = loader.next()) batches.push_back(batch->samples);
    return batches;
}

std::vector<std::vector<std::size_t>> run(std::size_t count, LoaderOptions options) {
    DataLoader loader(std::make_shared<PatternSampleSource>(count), options);
    return drain(loader);
}

LoaderOptions small(int batch = 4) {
    LoaderOptions options;
    options.batchSize = batch;
    options.imageSizes = {8};
    options.workers = 3;
    options.prefetchBatches = 2;
    return options;
}

}  // namespace

TEST_CASE("the order depends on the seed only, each epoch a full permutation", "[data][loader]") {
    auto options = small();
    options.seed = 3;
    options.epochs = 2;
    const auto first = run(12, options);
    REQUIRE(first.size() == 6);
    options.workers = 1;
    CHECK(run(12, options) == first);  // thread count and timing do not change the order
    options.seed = 4;
    CHECK(run(12, options) != first);

    std::vector<std::size_t> epoch0, epoch1;
    for (int i = 0; i < 3; ++i) epoch0.insert(epoch0.end(), first[i].begin(), first[i].end());
    for (int i = 3; i < 6; ++i) epoch1.insert(epoch1.end(), first[i].begin(), first[i].end());
    CHECK(epoch0 != epoch1);  // reshuffled per epoch
    std::sort(epoch0.begin(), epoch0.end());
    std::sort(epoch1.begin(), epoch1.end());
    const std::vector<std::size_t> all{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    CHECK(epoch0 == all);
    CHECK(epoch1 == all);

    options.shuffle = false;
    options.epochs = 1;
    CHECK(run(12, options) == std::vector<std::vector<std::size_t>>{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
}

TEST_CASE("drop_last drops or keeps the short last batch", "[data][loader]") {
    auto options = small();
    options.shuffle = false;
    options.dropLast = true;
    DataLoader dropping(std::make_shared<PatternSampleSource>(10), options);
    CHECK(dropping.batchesPerEpoch() == 2);
    CHECK(drain(dropping) == std::vector<std::vector<std::size_t>>{{0, 1, 2, 3}, {4, 5, 6, 7}});
    options.dropLast = false;
    DataLoader keeping(std::make_shared<PatternSampleSource>(10), options);
    CHECK(keeping.batchesPerEpoch() == 3);
    CHECK(drain(keeping) == std::vector<std::vector<std::size_t>>{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}});
    options.dropLast = true;
    CHECK_THROWS_WITH(DataLoader(std::make_shared<PatternSampleSource>(3), options),
                      "3 images cannot fill one batch of 4 with drop_last (expected at least 4 images, or drop_last off)");
}

TEST_CASE("batches carry the source's pixels and targets, with variable shapes", "[data][loader]") {
    auto options = small(3);
    options.imageSizes = {8, 12};
    options.seed = 11;
    DataLoader loader(std::make_shared<PatternSampleSource>(9), options);
    int count = 0;
    while (auto batch = loader.next()) {
        const int size = count % 2 == 0 ? 8 : 12;
        REQUIRE(batch->index == count);
        REQUIRE(batch->images.sizes() == torch::IntArrayRef({3, 3, size, size}));
        CHECK(batch->images.dtype() == torch::kUInt8);
        CHECK(batch->images.device().is_cpu());
        for (int i = 0; i < 3; ++i) {
            const auto sample = batch->samples[i];
            CHECK(batch->images[i][1][2][5].item<int>() == PatternSampleSource::pixelValue(sample, 1, 2, 5));
            CHECK(batch->images[i][2][size - 1][0].item<int>() == PatternSampleSource::pixelValue(sample, 2, size - 1, 0));
            CHECK(batch->classes[i].item<std::int64_t>() == static_cast<std::int64_t>(sample % 3));
        }
        REQUIRE(batch->boxes.sizes() == torch::IntArrayRef({3, 6}));
        CHECK(batch->boxes[2][0].item<float>() == 2.0f);  // image within the batch
        CHECK(batch->boxes[2][1].item<float>() == static_cast<float>(batch->samples[2] % 3));
        ++count;
    }
    CHECK(count == 3);
}

TEST_CASE("a broken image is skipped once with a warning and replaced deterministically", "[data][loader][bad-input]") {
    auto options = small();
    options.shuffle = false;
    options.epochs = 2;
    std::mutex mutex;
    std::vector<std::string> warnings;
    DataLoader loader(std::make_shared<PatternSampleSource>(8, 3, std::set<std::size_t>{2, 5}), options,
                      [&](const std::string& line) {
                          std::lock_guard lock(mutex);
                          warnings.push_back(line);
                      });
    const auto batches = drain(loader);
    CHECK(batches == std::vector<std::vector<std::size_t>>{{0, 1, 3, 3}, {4, 6, 6, 7}, {0, 1, 3, 3}, {4, 6, 6, 7}});
    std::sort(warnings.begin(), warnings.end());
    CHECK(warnings == std::vector<std::string>{"pattern #2: broken on purpose (expected by the test); image skipped",
                                               "pattern #5: broken on purpose (expected by the test); image skipped"});
    CHECK(loader.skippedImages() == 2);
}

TEST_CASE("a source where every image is broken is an error", "[data][loader][bad-input]") {
    auto options = small(2);
    DataLoader loader(std::make_shared<PatternSampleSource>(2, 3, std::set<std::size_t>{0, 1}), options);
    CHECK_THROWS_WITH(loader.next(), Catch::StartsWith("every image is broken (2 skipped; expected at least one usable image); first: pattern #"));
}

TEST_CASE("impossible options are refused up front", "[data][loader][bad-input]") {
    auto source = std::make_shared<PatternSampleSource>(8);
    auto options = small();
    options.batchSize = 0;
    CHECK_THROWS_WITH(DataLoader(source, options), "DataLoader: batch size must be at least 1");
    options = small();
    options.imageSizes = {};
    CHECK_THROWS_WITH(DataLoader(source, options), "DataLoader: no image size");
    options = small();
    options.workers = 0;
    CHECK_THROWS_WITH(DataLoader(source, options), "DataLoader: at least one worker thread is needed");
    if (!torch::cuda::is_available()) {
        options = small();
        options.device = torch::Device(torch::kCUDA, 0);
        CHECK_THROWS_WITH(DataLoader(source, options),
                          "DataLoader: a CUDA device was requested but none is available (use the CPU)");
    }
}

TEST_CASE("an endless loader stops cleanly when destroyed mid-run", "[data][loader]") {
    auto options = small();
    options.epochs = 0;
    DataLoader loader(std::make_shared<PatternSampleSource>(8), options);
    for (int i = 0; i < 7; ++i) REQUIRE(loader.next().has_value());  // more than three epochs
}

TEST_CASE("real images through ImageSampleSource, with the decoded cache", "[data][loader]") {
    testing::TempDir dir;
    for (int i = 0; i < 6; ++i) {
        testing::writeImage(dir / ("images/train/" + std::to_string(i) + ".png"), 40 + 8 * i, 30, i);
        testing::writeText(dir / ("labels/train/" + std::to_string(i) + ".txt"), "1 0.5 0.5 1 1\n");
    }
    testing::writeImage(dir / "images/val/0.png");
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/val\nnames: [a, b]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    auto cache = std::make_shared<data::DecodedCache>(std::size_t{1} << 20);
    auto source = data::ImageSampleSource::forSplit(dataset, "train", cache);

    auto options = small(3);
    options.imageSizes = {64};
    options.epochs = 2;
    options.shuffle = false;
    DataLoader loader(source, options);
    std::vector<torch::Tensor> images;
    std::vector<torch::Tensor> boxes;
    while (auto batch = loader.next()) {
        images.push_back(batch->images.clone());
        boxes.push_back(batch->boxes.clone());
    }
    REQUIRE(images.size() == 4);
    CHECK(cache->bytes() == 6 * 3 * 64 * 64);
    CHECK(cache->hits() == 6);  // the second epoch decodes nothing
    CHECK(torch::equal(images[0], images[2]));
    CHECK(torch::equal(boxes[1], boxes[3]));
    // Image 0 is 40x30: letterboxed to 64x48 with 8 rows of grey on top; the full-image box follows.
    CHECK(images[0][0][0][0][0].item<int>() == 114);
    CHECK(images[0][0][0][8][0].item<int>() != 114);
    CHECK(boxes[0][0][4].item<float>() == Approx(1.0f));
    CHECK(boxes[0][0][5].item<float>() == Approx(0.75f));
}

TEST_CASE("augmentation is a function of seed, epoch and sample, not of the threads", "[data][loader][augment]") {
    testing::TempDir dir;
    for (int i = 0; i < 4; ++i) {
        testing::writeImage(dir / ("images/train/" + std::to_string(i) + ".png"), 48 + 8 * i, 40, i);
        testing::writeText(dir / ("labels/train/" + std::to_string(i) + ".txt"), "1 0.5 0.5 0.5 0.5\n");
    }
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [a, b]\n");
    const auto source = data::ImageSampleSource::forSplit(data::loadYoloDataset(dir / "data.yaml"), "train");
    auto collect = [&](LoaderOptions options) {
        DataLoader loader(source, options);
        std::vector<torch::Tensor> images;
        while (auto batch = loader.next()) images.push_back(batch->images.clone());
        return images;
    };
    auto options = small(4);
    options.imageSizes = {64};
    options.shuffle = false;
    options.epochs = 2;
    const auto plain = collect(options);
    options.augment = true;
    options.seed = 11;
    const auto augmented = collect(options);
    options.workers = 1;
    const auto again = collect(options);
    REQUIRE(augmented.size() == 2);
    CHECK(torch::equal(augmented[0], again[0]));
    CHECK(torch::equal(augmented[1], again[1]));
    CHECK(!torch::equal(augmented[0], augmented[1]));  // a new draw per epoch
    CHECK(!torch::equal(augmented[0], plain[0]));
    CHECK(torch::equal(plain[0], plain[1]));
}
