// Segmentation masks through the loader: the collation stacks each image's mask (or leaves the field
// undefined when the batch has none), and a loaded batch carries exactly the masks its samples had.
#include "TestFiles.h"
#include "data/DataLoader.h"
#include "data/ImageCodec.h"
#include "data/ImageSampleSource.h"
#include "data/LabelCollation.h"
#include "data/YoloDataset.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cstring>

using namespace graphlens;

TEST_CASE("the collation stacks masks as uint8 [B, S, S], undefined without any, ignore for an image without one",
          "[data][segment][loader]") {
    data::LabelCollation none;
    none.add({});
    CHECK_FALSE(none.masks(torch::TensorOptions(), 4).defined());

    data::LabelCollation collation;
    data::SampleTargets first, second, third;
    first.mask.assign(16, 3);
    second.mask.resize(16);
    for (std::size_t i = 0; i < 16; ++i) second.mask[i] = static_cast<std::uint8_t>(i);
    collation.add(first);
    collation.add(third);  // no mask: all ignore
    collation.add(second);
    const auto masks = collation.masks(torch::TensorOptions(), 4);
    REQUIRE(masks.sizes() == torch::IntArrayRef({3, 4, 4}));
    CHECK(masks.scalar_type() == torch::kUInt8);
    CHECK(masks[0].eq(3).all().item<bool>());
    CHECK(masks[1].eq(255).all().item<bool>());
    CHECK(masks[2].flatten().equal(torch::arange(16, torch::kUInt8)));
    CHECK_THROWS_WITH(collation.masks(torch::TensorOptions(), 5), Catch::Contains("image 0's mask has 16 labels, expected 5 x 5"));
}

TEST_CASE("a loaded batch carries its samples' masks, augmented as they were", "[data][segment][loader]") {
    testing::TempDir dir;
    for (int i = 0; i < 4; ++i) {
        const auto stem = "s" + std::to_string(i);
        testing::writeImage(dir / ("images/train/" + stem + ".png"), 40 + 8 * i, 32, i);
        testing::writeText(dir / ("labels/train/" + stem + ".txt"), std::to_string(i % 2) + " 0.2 0.2 0.8 0.3 0.5 0.9\n");
    }
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [a, b]\ntask: segment\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    const auto source = data::ImageSampleSource::forSplit(dataset, "train", nullptr, /*withMasks=*/true);
    data::LoaderOptions options;
    options.batchSize = 2;
    options.imageSizes = {32};
    options.workers = 2;
    options.epochs = 1;
    options.augment = true;
    options.seed = 7;
    data::DataLoader loader(source, options);
    int batches = 0;
    while (auto batch = loader.next()) {
        ++batches;
        REQUIRE(batch->masks.defined());
        REQUIRE(batch->masks.sizes() == torch::IntArrayRef({2, 32, 32}));
        for (std::size_t i = 0; i < batch->samples.size(); ++i) {
            const auto index = batch->samples[i];
            std::vector<std::uint8_t> chw(3 * 32 * 32);
            data::SampleTargets targets;
            source->load(index, 32, chw, targets,
                         data::SampleAugmentation{true, data::sampleAugmentationSeed(options.seed, batch->epoch, index)});
            const auto expected = torch::from_blob(targets.mask.data(), {32, 32}, torch::kUInt8);
            CHECK(batch->masks[static_cast<std::int64_t>(i)].equal(expected));
            // The object's label is there: class (index % 2) + 1.
            CHECK(batch->masks[static_cast<std::int64_t>(i)].eq(static_cast<int>(index % 2) + 1).any().item<bool>());
        }
    }
    CHECK(batches == 2);
}
