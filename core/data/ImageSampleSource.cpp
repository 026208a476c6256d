#include "data/ImageSampleSource.h"

#include "data/ImageTransform.h"
#include "data/PathText.h"

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
    if (bytes_ + chw.size() > maxBytes_ || entries_.count({index, imgsz})) return;
    entries_[{index, imgsz}] = Entry{{chw.begin(), chw.end()}, targets};
    bytes_ += chw.size();
}

std::size_t DecodedCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

std::size_t DecodedCache::hits() const {
    std::lock_guard lock(mutex_);
    return hits_;
}

ImageSampleSource::ImageSampleSource(std::vector<ImageRecord> images, ResizeMode mode, std::shared_ptr<DecodedCache> cache)
    : images_(std::move(images)), mode_(mode), cache_(std::move(cache)) {}

std::shared_ptr<ImageSampleSource> ImageSampleSource::forSplit(const Dataset& dataset, std::string_view split,
                                                               std::shared_ptr<DecodedCache> cache) {
    const auto mode = dataset.task == Task::Detect ? ResizeMode::Letterbox : ResizeMode::CenterCrop;
    return std::make_shared<ImageSampleSource>(dataset.split(split).images, mode, std::move(cache));
}

void ImageSampleSource::load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const {
    if (index >= images_.size()) throw std::out_of_range("ImageSampleSource: index out of range");
    if (chw.size() != 3 * static_cast<std::size_t>(imgsz) * imgsz) {
        throw std::invalid_argument("ImageSampleSource: output buffer is not 3 x imgsz x imgsz");
    }
    if (cache_ && cache_->lookup(index, imgsz, chw, targets)) return;
    const auto& record = images_[index];
    const cv::Mat image = decodeImage(record.image);
    targets.boxes.clear();
    targets.classIndex = record.classIndex;
    cv::Mat resized;
    if (mode_ == ResizeMode::Letterbox) {
        LetterboxGeometry geometry;
        resized = letterbox(image, imgsz, &geometry);
        targets.boxes.reserve(record.boxes.size());
        for (const auto& box : record.boxes) targets.boxes.push_back(geometry.toLetterbox(box));
    } else {
        resized = resizeCenterCrop(image, imgsz);
    }
    bgrToRgbChw(resized, chw);
    if (cache_) cache_->store(index, imgsz, chw, targets);
}

std::string ImageSampleSource::describe(std::size_t index) const {
    return index < images_.size() ? displayPath(images_[index].image) : "image #" + std::to_string(index);
}

}  // namespace graphlens::data
