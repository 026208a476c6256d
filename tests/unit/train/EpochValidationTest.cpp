// The validation metric after an epoch is computed over the images that were read: an image that
// cannot be decoded is left out and counted (the loader gives its slot the next image, which training
// wants and validation must not count twice), and the result says how many and which.
#include "data/DatasetError.h"
#include "data/SampleSource.h"
#include "families/InputNormalisation.h"
#include "train/EpochValidation.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <algorithm>
#include <memory>
#include <set>

using namespace graphlens;

namespace {

// Image i is filled with the value 40 * i and labelled with a class; `wrong` images carry a label the
// network below will not predict, and `broken` ones throw as an undecodable file does.
class ValidationPatternSource final : public data::SampleSource {
public:
    ValidationPatternSource(std::size_t count, std::set<std::size_t> broken, std::set<std::size_t> wrong)
        : count_(count), broken_(std::move(broken)), wrong_(std::move(wrong)) {}
    std::size_t size() const override { return count_; }
    void load(std::size_t index, int, std::span<std::uint8_t> chw, data::SampleTargets& targets) const override {
        if (broken_.count(index)) throw data::SampleDefect(describe(index) + ": not a JPEG or PNG file");
        std::fill(chw.begin(), chw.end(), static_cast<std::uint8_t>(40 * index));
        targets.classIndex = static_cast<int>(wrong_.count(index) ? (index + 1) % 5 : index % 5);
    }
    std::string describe(std::size_t index) const override { return "val/image-" + std::to_string(index) + ".jpg"; }

private:
    std::size_t count_;
    std::set<std::size_t> broken_, wrong_;
};

// Predicts class (pixel value / 40) mod 5 from the raw image, whatever the normalisation does to it:
// the normalised value is monotonic in the pixel, so the image index is recovered by nearest match.
c10::IValue predictIndexClass(const torch::Tensor& images) {
    const auto level = images.mean({1, 2, 3});
    std::vector<float> reference;
    for (int i = 0; i < 5; ++i) {
        reference.push_back(
            families::normaliseImages(torch::full({1, 3, 2, 2}, 40 * i, torch::kUInt8), "classify").mean().item<float>());
    }
    auto logits = torch::zeros({images.size(0), 5});
    for (std::int64_t b = 0; b < images.size(0); ++b) {
        const float value = level[b].item<float>();
        int nearest = 0;
        for (int i = 1; i < 5; ++i) {
            if (std::abs(reference[i] - value) < std::abs(reference[nearest] - value)) nearest = i;
        }
        logits[b][nearest % 5] = 1;
    }
    return logits;
}

families::Family classifierWithTopOne() {
    families::Family family;
    family.name = "pattern";
    family.task = "classify";
    family.numClasses = 5;
    family.validationMetric = "top-1";
    return family;
}

}  // namespace

TEST_CASE("validation top-1 counts the images it read and leaves an unreadable one out", "[train][validation]") {
    const auto family = classifierWithTopOne();
    // Five images: image 2 cannot be read, image 3 is mislabelled. Counting image 3 again in image 2's
    // slot would give 3 of 5 right (0.6); over the four real images it is 3 of 4.
    const auto source = std::make_shared<ValidationPatternSource>(5, std::set<std::size_t>{2}, std::set<std::size_t>{3});
    const auto result = train::validateEpoch(family, predictIndexClass, source, /*batch=*/5, /*imgsz=*/8,
                                             torch::Device(torch::kCPU), /*workers=*/1);
    CHECK(result.images == 4);
    CHECK(result.skipped == 1);
    CHECK(result.firstSkipped == "val/image-2.jpg");
    CHECK(result.value == Approx(0.75));
    CHECK(result.detail == "over 4 of 5 images; 1 could not be read and are not counted (first: val/image-2.jpg)");
}

TEST_CASE("validation over readable images only says nothing more", "[train][validation]") {
    const auto source = std::make_shared<ValidationPatternSource>(5, std::set<std::size_t>{}, std::set<std::size_t>{3});
    const auto result = train::validateEpoch(classifierWithTopOne(), predictIndexClass, source, /*batch=*/2, /*imgsz=*/8,
                                             torch::Device(torch::kCPU), /*workers=*/1);
    CHECK(result.images == 5);
    CHECK(result.skipped == 0);
    CHECK(result.value == Approx(0.8));
    CHECK(result.detail.empty());
}

TEST_CASE("validation in several batches keeps each image's place when one is unreadable", "[train][validation]") {
    // Batches of two: image 1 (first batch) is unreadable, image 4 (third batch) mislabelled.
    const auto source = std::make_shared<ValidationPatternSource>(5, std::set<std::size_t>{1}, std::set<std::size_t>{4});
    const auto result = train::validateEpoch(classifierWithTopOne(), predictIndexClass, source, /*batch=*/2, /*imgsz=*/8,
                                             torch::Device(torch::kCPU), /*workers=*/1);
    CHECK(result.images == 4);
    CHECK(result.skipped == 1);
    CHECK(result.value == Approx(0.75));
}
