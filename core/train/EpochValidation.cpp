#include "train/EpochValidation.h"

#include "data/DataLoader.h"
#include "families/Fomo.h"
#include "families/InputNormalisation.h"
#include "families/rtdetr/RtDetrDetections.h"
#include "families/yolo/YoloDetections.h"
#include "families/yolo/YoloHeadLayout.h"
#include "train/DetectionMap.h"
#include "train/MeanIou.h"
#include "train/ValidationMetrics.h"

#include <torch/torch.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace graphlens::train {
namespace {

// Per image [queries, 6]: x1, y1, x2, y2 in pixels, score, class (the layout yoloDetections gives).
std::vector<torch::Tensor> detrStyleDetections(const c10::IValue& output, float side) {
    const auto detections = families::rtdetr::rtdetrDetections(output).toTupleRef().elements();
    const auto scores = detections[0].toTensor().to(torch::kFloat);
    const auto labels = detections[1].toTensor().to(torch::kFloat);
    const auto boxes = detections[2].toTensor().to(torch::kFloat) * side;
    std::vector<torch::Tensor> perImage;
    for (std::int64_t image = 0; image < scores.size(0); ++image) {
        perImage.push_back(torch::cat({boxes[image], scores[image].unsqueeze(1), labels[image].unsqueeze(1)}, 1));
    }
    return perImage;
}

// Which slots of a batch hold the image asked for: the loader fills the slot of an image it cannot
// read with the next one it can (training wants full batches), which validation must not count twice.
std::vector<bool> slotsAsAsked(const data::LoadedBatch& loaded, std::size_t firstPosition) {
    std::vector<bool> asked(loaded.samples.size());
    for (std::size_t slot = 0; slot < asked.size(); ++slot) asked[slot] = loaded.samples[slot] == firstPosition + slot;
    return asked;
}

torch::Tensor askedSlotIndex(const std::vector<bool>& asked, torch::Device device) {
    std::vector<std::int64_t> kept;
    for (std::size_t slot = 0; slot < asked.size(); ++slot) {
        if (asked[slot]) kept.push_back(static_cast<std::int64_t>(slot));
    }
    return torch::tensor(kept, torch::kLong).to(device);
}

}  // namespace

ValidationResult validateEpoch(const families::Family& family, const std::function<c10::IValue(const torch::Tensor&)>& forward,
                               std::shared_ptr<const data::SampleSource> source, int batch, int imgsz, torch::Device device,
                               int workers) {
    ValidationResult result;
    result.metric = family.validationMetric;
    if (result.metric.empty() || !source || source->size() == 0) return result;
    data::LoaderOptions options;
    options.batchSize = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(batch), source->size()));
    options.imageSizes = {imgsz};
    options.workers = workers;
    options.shuffle = false;
    options.dropLast = false;
    options.epochs = 1;
    options.device = device;
    data::DataLoader loader(source, options);
    torch::NoGradGuard noGrad;
    TopOneCounter topOne;
    CentroidF1Counter centroids;
    DetectionMapCounter detections;
    std::optional<MeanIouCounter> meanIou;
    if (result.metric == "mIoU") meanIou.emplace(family.numClasses);
    // Ultralytics validates at confidence 0.001: mAP integrates over every score the detector gives.
    families::yolo::DetectionOptions mapOptions;
    mapOptions.confidence = 0.001;
    std::size_t position = 0;  // the split's images in order: the loader neither shuffles nor drops
    while (auto loaded = loader.next()) {
        const auto images = families::normaliseImages(loaded->images, family.task);
        const auto output = forward(images);
        const auto asked = slotsAsAsked(*loaded, position);
        for (std::size_t slot = 0; slot < asked.size(); ++slot) {
            if (asked[slot]) continue;
            if (result.skipped++ == 0) result.firstSkipped = source->describe(position + slot);
        }
        position += asked.size();
        const bool allAsked = result.skipped == 0 || std::all_of(asked.begin(), asked.end(), [](bool a) { return a; });
        result.images += static_cast<std::int64_t>(std::count(asked.begin(), asked.end(), true));
        if (result.metric == "top-1") {
            auto logits = output.toTensor();
            auto classes = loaded->classes;
            if (!allAsked) {
                logits = logits.index_select(0, askedSlotIndex(asked, logits.device()));
                classes = classes.index_select(0, askedSlotIndex(asked, classes.device()));
            }
            topOne.add(logits.to(torch::kCPU), classes.to(torch::kCPU));
            continue;
        }
        if (meanIou) {
            // The predict call's labels (upsample + argmax) against the masks, where the GPU has them.
            if (!loaded->masks.defined()) throw std::invalid_argument(family.name + ": mIoU needs a validation split with masks");
            auto labels = family.postprocess(output).toTensor();
            auto masks = loaded->masks;
            if (!allAsked) {
                labels = labels.index_select(0, askedSlotIndex(asked, labels.device()));
                masks = masks.index_select(0, askedSlotIndex(asked, masks.device()));
            }
            meanIou->add(labels, masks);
            continue;
        }
        const auto boxes = loaded->boxes.to(torch::kCPU);
        const auto rows = boxes.accessor<float, 2>();
        if (result.metric == "mAP50-95") {
            const auto side = static_cast<float>(images.size(3));
            // A DETR-style detector returns (logits, boxes): its 300 best query x class scores, every one kept
            // (mAP integrates over all scores); YOLO's raw head goes through the decode and NMS at 0.001.
            const auto predicted = output.isTuple() ? detrStyleDetections(output, side)
                                                    : families::yolo::yoloDetections(
                                                          families::yolo::decodeYoloHead(output.toTensor()), mapOptions);
            for (std::size_t image = 0; image < predicted.size(); ++image) {
                if (!asked[image]) continue;
                const auto table = predicted[image].to(torch::kCPU);
                const auto found = table.accessor<float, 2>();
                std::vector<ScoredBox> scored;
                for (std::int64_t r = 0; r < table.size(0); ++r) {
                    scored.push_back({static_cast<int>(found[r][5]), found[r][4], found[r][0], found[r][1], found[r][2], found[r][3]});
                }
                std::vector<LabelledBox> truth;
                for (std::int64_t r = 0; r < boxes.size(0); ++r) {
                    if (static_cast<std::size_t>(rows[r][0]) != image) continue;
                    const float cx = rows[r][2] * side, cy = rows[r][3] * side, w = rows[r][4] * side, h = rows[r][5] * side;
                    truth.push_back({static_cast<int>(rows[r][1]), cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2});
                }
                detections.addImage(scored, truth);
            }
            continue;
        }
        const auto points = families::fomoPostprocess(output.toTensor().to(torch::kFloat));
        for (std::size_t image = 0; image < points.size(); ++image) {
            if (!asked[image]) continue;
            std::vector<CentroidPoint> predicted;
            for (const auto& point : points[image]) predicted.push_back({point.cls, point.x, point.y});
            std::vector<CentroidBox> truth;
            for (std::int64_t r = 0; r < boxes.size(0); ++r) {
                if (static_cast<std::size_t>(rows[r][0]) != image) continue;
                truth.push_back({static_cast<int>(rows[r][1]), rows[r][2], rows[r][3], rows[r][4], rows[r][5]});
            }
            centroids.addImage(predicted, truth);
        }
    }
    if (result.metric == "mAP50-95") {
        result.value = detections.map5095();
        result.detail = "mAP50 " + std::to_string(detections.map50()).substr(0, 5);
    } else if (meanIou) {
        result.value = meanIou->value();
    } else {
        result.value = result.metric == "top-1" ? topOne.value() : centroids.f1();
    }
    if (result.skipped > 0) {
        const std::string leftOut = "over " + std::to_string(result.images) + " of " +
                                    std::to_string(result.images + result.skipped) + " images; " +
                                    std::to_string(result.skipped) + " could not be read and are not counted (first: " +
                                    result.firstSkipped + ")";
        result.detail = result.detail.empty() ? leftOut : result.detail + "; " + leftOut;
    }
    return result;
}

}  // namespace graphlens::train
