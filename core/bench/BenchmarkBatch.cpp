#include "bench/BenchmarkBatch.h"

#include "bench/SweepSession.h"
#include "bench/SyntheticBatch.h"
#include "families/InputNormalisation.h"
#include "graphlens/config.h"

#include <torch/torch.h>

#if GRAPHLENS_HAVE_DATASETS
#include "data/DatasetError.h"
#include "data/ImageSampleSource.h"
#include "data/LabelCollation.h"
#include "data/OpenDataset.h"
#endif

namespace graphlens::bench {

#if GRAPHLENS_HAVE_DATASETS
struct BenchmarkBatch::Source {
    std::shared_ptr<data::ImageSampleSource> images;
    std::shared_ptr<data::ImageSampleSource> training;  // the train split: what a training step reads
    data::WarningSink warnings;  // a broken image replaced by the next good one: one warning naming it
};

BenchmarkBatch::BenchmarkBatch(const std::string& dataPath, const std::string& task, std::uint64_t seed,
                               SweepEvents& events)
    : source_(std::make_unique<Source>()), task_(task), seed_(seed) {
    try {
        data::BuiltinOptions builtin;
        builtin.seed = seed;
        const auto dataset =
            data::openDataset(dataPath, task == "classify" ? data::Task::Classify : data::Task::Detect, builtin);
        for (const auto& warning : dataset.warnings) events.warning(warning);
        const char* split = dataset.findSplit("val") ? "val" : "train";
        source_->images = data::ImageSampleSource::forSplit(
            dataset, split, std::make_shared<data::DecodedCache>(/*maxBytes=*/std::size_t{1} << 30));
        // The events outlive the batch: both owners build it in the scope of their events.
        source_->warnings = [&events](const std::string& line) { events.warning(line); };
        if (source_->images->size() == 0) throw UsageError(dataset.source.string() + ": split '" + split + "' has no images");
        description_ = dataset.summary() + "; timing on the " + split + " split";
        if (dataset.findSplit("train")) {
            source_->training = data::ImageSampleSource::forSplit(
                dataset, "train", std::make_shared<data::DecodedCache>(/*maxBytes=*/std::size_t{1} << 30),
                /*withMasks=*/task == "segment");
        }
    } catch (const data::DatasetError& error) {
        throw UsageError(error.what());
    }
}

torch::Tensor BenchmarkBatch::make(int batch, int imgsz, torch::Dtype dtype, torch::Device device) const {
    auto images = torch::empty({batch, 3, imgsz, imgsz}, torch::kUInt8);
    const std::size_t bytes = std::size_t{3} * imgsz * imgsz;
    auto* base = images.data_ptr<std::uint8_t>();
    try {
        source_->images->fillBatch(static_cast<std::size_t>(batch), imgsz,
                                   std::span<std::uint8_t>(base, static_cast<std::size_t>(batch) * bytes),
                                   source_->warnings);
    } catch (const data::DatasetError& error) {
        throw std::runtime_error(error.what());  // this batch size's rows fail, naming the file; the sweep goes on
    }
    return families::normaliseImages(images.to(device), task_).to(dtype).contiguous();
}

HostTrainingBatch BenchmarkBatch::makeTraining(int batch, int imgsz, bool pin) const {
    const auto& source = source_->training ? source_->training : source_->images;
    const auto hostOptions = torch::TensorOptions().pinned_memory(pin);
    HostTrainingBatch out;
    out.images = torch::empty({batch, 3, imgsz, imgsz}, hostOptions.dtype(torch::kUInt8));
    const std::size_t bytes = std::size_t{3} * imgsz * imgsz;
    std::vector<data::SampleTargets> targets;
    try {
        source->fillBatch(static_cast<std::size_t>(batch), imgsz,
                          std::span<std::uint8_t>(out.images.data_ptr<std::uint8_t>(), static_cast<std::size_t>(batch) * bytes),
                          source_->warnings, &targets);
    } catch (const data::DatasetError& error) {
        throw std::runtime_error(error.what());
    }
    data::LabelCollation labels;  // the loader's layout
    for (const auto& sample : targets) labels.add(sample);
    out.classes = labels.classes(hostOptions);
    out.boxes = labels.boxes(hostOptions);
    out.masks = labels.masks(hostOptions, imgsz);
    return out;
}
#else
struct BenchmarkBatch::Source {};

BenchmarkBatch::BenchmarkBatch(const std::string& dataPath, const std::string& task, std::uint64_t seed,
                               SweepEvents&)
    : task_(task), seed_(seed) {
    if (!dataPath.empty()) {
        throw UsageError("--data " + dataPath +
                         ": this build has no dataset support (built with GRAPHLENS_WITH_DATASETS=OFF)");
    }
    description_ = "synthetic image-like batch (this build has no dataset support)";
}

torch::Tensor BenchmarkBatch::make(int batch, int imgsz, torch::Dtype dtype, torch::Device device) const {
    return makeSyntheticBatch(batch, imgsz, dtype, device, seed_ + batch);
}

HostTrainingBatch BenchmarkBatch::makeTraining(int, int, bool) const {
    throw std::runtime_error("training steps need a labelled dataset: this build has no dataset support "
                             "(built with GRAPHLENS_WITH_DATASETS=OFF)");
}
#endif

BenchmarkBatch::~BenchmarkBatch() = default;

}  // namespace graphlens::bench
