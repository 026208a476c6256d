#include "data/ImageSampleSource.h"

#include "data/ClassifyAugmentation.h"
#include "data/DetectAugmentation.h"
#include "data/ImageTransform.h"
#include "data/PathText.h"
#include "data/SegmentationMask.h"

#include <algorithm>
#include <stdexcept>

namespace graphlens::data {

bool DecodedCache::lookup(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const {
    std::lock_guard lock(mutex_);
    const auto found = entries_.find({index, imgsz});
    if (found == entries_.end() || found->second.chw.size() != chw.size()) return false;
    std::copy(found->second.chw.begin(), found->second.chw.end(), chw.begin());
    targets = found->second.targets;
    ++hits_;
    return true;
}

void DecodedCache::store(std::size_t index, int imgsz, std::span<const std::uint8_t> chw, const SampleTargets& targets) {
    std::lock_guard lock(mutex_);
    const std::size_t bytes = chw.size() + targets.mask.size();
    if (bytes_ + bytes > maxBytes_ || entries_.count({index, imgsz})) return;
    entries_[{index, imgsz}] = Entry{{chw.begin(), chw.end()}, targets};
    bytes_ += bytes;
}

std::size_t DecodedCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

std::size_t DecodedCache::hits() const {
    std::lock_guard lock(mutex_);
    return hits_;
}

ImageSampleSource::ImageSampleSource(std::vector<ImageRecord> images, ResizeMode mode, std::shared_ptr<DecodedCache> cache,
                                     MaskOptions masks)
    : images_(std::move(images)), mode_(mode), cache_(std::move(cache)), masks_(masks) {
    if (masks_.source != MaskOptions::Source::None && mode_ != ResizeMode::Letterbox) {
        throw std::invalid_argument("ImageSampleSource: masks need the letterbox (a detection or segmentation dataset)");
    }
}

std::shared_ptr<ImageSampleSource> ImageSampleSource::forSplit(const Dataset& dataset, std::string_view split,
                                                               std::shared_ptr<DecodedCache> cache, bool withMasks) {
    const auto mode = dataset.task == Task::Detect ? ResizeMode::Letterbox : ResizeMode::CenterCrop;
    MaskOptions masks;
    masks.classCount = static_cast<int>(dataset.names.size());
    // A polygon dataset of more classes than 8-bit labels hold (LVIS) still trains detectors, without masks.
    if (withMasks && dataset.hasMasks()) masks.source = dataset.masksDir.empty() ? MaskOptions::Source::Polygons : MaskOptions::Source::Files;
    return std::make_shared<ImageSampleSource>(dataset.split(split).images, mode, std::move(cache), masks);
}

void ImageSampleSource::load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const {
    load(index, imgsz, chw, targets, SampleAugmentation{});
}

void ImageSampleSource::load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets,
                             const SampleAugmentation& augmentation) const {
    if (index >= images_.size()) throw std::out_of_range("ImageSampleSource: index out of range");
    if (chw.size() != 3 * static_cast<std::size_t>(imgsz) * imgsz) {
        throw std::invalid_argument("ImageSampleSource: output buffer is not 3 x imgsz x imgsz");
    }
    if (augmentation.enabled && mode_ == ResizeMode::CenterCrop) {
        // The crop is drawn from the full-size image, so neither the centre crop nor the cache applies.
        targets = SampleTargets{};
        targets.classIndex = images_[index].classIndex;
        bgrToRgbChw(decodeClassifyAugmented(images_[index].image, imgsz, augmentation.seed), chw);
        return;
    }
    loadPlain(index, imgsz, chw, targets);
    if (augmentation.enabled) augmentDetection(chw, imgsz, targets, augmentation.seed);
    // After augmentation, at the final size: the mask follows the moved polygons exactly.
    if (masks_.source == MaskOptions::Source::Polygons) targets.mask = rasterisePolygons(targets, imgsz);
}

void ImageSampleSource::loadPlain(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const {
    if (cache_ && cache_->lookup(index, imgsz, chw, targets)) return;
    const auto& record = images_[index];
    targets = SampleTargets{};
    targets.classIndex = record.classIndex;
    cv::Mat resized;
    if (mode_ == ResizeMode::Letterbox) {
        LetterboxGeometry geometry;
        // Straight to the target: a scaled JPEG decode when the image is much larger than imgsz.
        resized = decodeLetterbox(record.image, imgsz, &geometry);
        targets.boxes.reserve(record.boxes.size());
        for (const auto& box : record.boxes) targets.boxes.push_back(geometry.toLetterbox(box));
        auto toLetterbox = [&](float x, float y) {
            const Box moved = geometry.toLetterbox(Box{0, x, y, 0, 0});
            return Point{moved.cx, moved.cy};
        };
        for (const auto& polygon : record.polygons) {
            Polygon moved{polygon.cls, {}};
            moved.points.reserve(polygon.points.size());
            for (const auto& p : polygon.points) moved.points.push_back(toLetterbox(p.x, p.y));
            targets.polygons.push_back(std::move(moved));
        }
        for (const auto& keypoint : record.keypoints) {
            const Point moved = toLetterbox(keypoint.x, keypoint.y);
            targets.keypoints.push_back({moved.x, moved.y, keypoint.visibility});
        }
        if (!record.boxes.empty()) targets.keypointsPerObject = static_cast<int>(record.keypoints.size() / record.boxes.size());
        targets.imageArea = ImageArea{static_cast<float>(geometry.padLeft) / imgsz, static_cast<float>(geometry.padTop) / imgsz,
                                      static_cast<float>(geometry.padLeft + geometry.newWidth) / imgsz,
                                      static_cast<float>(geometry.padTop + geometry.newHeight) / imgsz};
        if (masks_.source == MaskOptions::Source::Files) {
            if (record.mask.empty()) throw SampleDefect(describe(index) + ": no mask file (expected one under masks_dir)");
            targets.mask = letterboxedMaskFile(record.mask, geometry, masks_.classCount);
        }
    } else {
        resized = decodeCenterCrop(record.image, imgsz);
    }
    bgrToRgbChw(resized, chw);
    if (cache_) cache_->store(index, imgsz, chw, targets);
}

std::vector<std::size_t> ImageSampleSource::fillBatch(std::size_t count, int imgsz, std::span<std::uint8_t> out,
                                                      const WarningSink& warnings, std::vector<SampleTargets>* targets,
                                                      std::size_t first) const {
    const std::size_t imageBytes = 3 * static_cast<std::size_t>(imgsz) * imgsz;
    if (out.size() != count * imageBytes) throw std::invalid_argument("ImageSampleSource: batch buffer is not count x 3 x imgsz x imgsz");
    const std::size_t n = images_.size();
    if (n == 0) throw DatasetError("cannot fill a batch: the split has no images");
    std::vector<std::size_t> used;
    used.reserve(count);
    if (targets) targets->assign(count, SampleTargets{});
    SampleTargets scratch;
    for (std::size_t i = 0; i < count; ++i) {
        const auto chw = out.subspan(i * imageBytes, imageBytes);
        auto& sampleTargets = targets ? (*targets)[i] : scratch;
        bool filled = false;
        for (std::size_t step = 0; step < n && !filled; ++step) {
            const std::size_t candidate = (first + i + step) % n;
            {
                std::lock_guard lock(brokenMutex_);
                if (broken_.count(candidate)) continue;
            }
            try {
                load(candidate, imgsz, chw, sampleTargets);
                used.push_back(candidate);
                filled = true;
            } catch (const SampleDefect& defect) {
                bool fresh = false;
                {
                    std::lock_guard lock(brokenMutex_);
                    fresh = broken_.insert(candidate).second;
                    if (firstBroken_.empty()) firstBroken_ = defect.what();
                }
                if (fresh && warnings) warnings(std::string(defect.what()) + "; replaced by the next image of the split");
            }
        }
        if (!filled) {
            std::lock_guard lock(brokenMutex_);
            throw DatasetError("cannot fill a batch of " + std::to_string(count) + " images: every one of the split's " +
                               std::to_string(n) + " images failed to decode; first: " + firstBroken_);
        }
    }
    return used;
}

std::size_t ImageSampleSource::brokenImages() const {
    std::lock_guard lock(brokenMutex_);
    return broken_.size();
}

std::string ImageSampleSource::describe(std::size_t index) const {
    return index < images_.size() ? displayPath(images_[index].image) : "image #" + std::to_string(index);
}

}  // namespace graphlens::data
