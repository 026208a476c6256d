#pragma once
// The SampleSource for datasets on disk: decode (OpenCV), letterbox or center-crop to the requested
// size, RGB CHW. Optionally keeps decoded+resized images (uint8, per image size) in memory, so
// repeated benchmarks do not pay decoding again.
#include "data/Dataset.h"
#include "data/DatasetError.h"
#include "data/SampleSource.h"

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

namespace graphlens::data {

enum class ResizeMode { Letterbox, CenterCrop };

// Where a sample's segmentation mask comes from (data/SegmentationMask.h), if anywhere.
struct MaskOptions {
    enum class Source { None, Polygons, Files };
    Source source = Source::None;
    int classCount = 0;  // the dataset's classes: labels 0..classCount (mask files are checked against it)
};

// Thread-safe. Stops adding entries once maxBytes is reached (what is cached stays).
class DecodedCache {
public:
    explicit DecodedCache(std::size_t maxBytes) : maxBytes_(maxBytes) {}
    bool lookup(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const;
    void store(std::size_t index, int imgsz, std::span<const std::uint8_t> chw, const SampleTargets& targets);
    std::size_t bytes() const;
    std::size_t hits() const;

private:
    struct Entry {
        std::vector<std::uint8_t> chw;
        SampleTargets targets;
    };
    mutable std::mutex mutex_;
    std::map<std::pair<std::size_t, int>, Entry> entries_;
    std::size_t maxBytes_;
    std::size_t bytes_ = 0;
    mutable std::size_t hits_ = 0;
};

class ImageSampleSource final : public SampleSource {
public:
    ImageSampleSource(std::vector<ImageRecord> images, ResizeMode mode, std::shared_ptr<DecodedCache> cache = nullptr,
                      MaskOptions masks = {});
    // Letterbox for detection datasets, center crop for classification. With withMasks (segmentation
    // runs) and a dataset that has them: masks from its masks_dir, else rasterised from polygon labels;
    // without, none (a detector pays no mask decoding). Throws DatasetError for an unknown split.
    static std::shared_ptr<ImageSampleSource> forSplit(const Dataset& dataset, std::string_view split,
                                                       std::shared_ptr<DecodedCache> cache = nullptr, bool withMasks = false);

    std::size_t size() const override { return images_.size(); }
    void load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const override;
    // Detection: flip + scale jitter on the letterboxed image (the cache keeps the plain letterbox);
    // a mask file's labels move with it, polygons are rasterised after it.
    // Classification: RandomResizedCrop + flip from the decoded file (bypasses the cache).
    void load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets,
              const SampleAugmentation& augmentation) const override;
    std::string describe(std::size_t index) const override;

    // Fills `count` images (out: count * 3 * imgsz * imgsz bytes) with images first, first + 1, ...
    // (wrapping round the split). An image that fails to decode is replaced by the next good image of
    // the split, with one warning naming the file (once per image for this source's lifetime; known
    // broken images are not tried again). Returns the indices used, in batch order; targets (when
    // given) receives each image's targets. Throws DatasetError naming the file(s) when the batch
    // cannot be filled because no image of the split decodes. Thread-safe.
    std::vector<std::size_t> fillBatch(std::size_t count, int imgsz, std::span<std::uint8_t> out,
                                       const WarningSink& warnings = {}, std::vector<SampleTargets>* targets = nullptr,
                                       std::size_t first = 0) const;
    std::size_t brokenImages() const;  // distinct images found broken by fillBatch

private:
    // Decode + letterbox / centre crop, through the cache.
    void loadPlain(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const;

    std::vector<ImageRecord> images_;
    ResizeMode mode_;
    std::shared_ptr<DecodedCache> cache_;
    MaskOptions masks_;
    mutable std::mutex brokenMutex_;
    mutable std::set<std::size_t> broken_;
    mutable std::string firstBroken_;
};

}  // namespace graphlens::data
