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
    while (auto loaded = loader.next()) {
        const auto images = families::normaliseImages(loaded->images, family.task);
        const auto output = forward(images);
        result.images += images.size(0);
        if (result.metric == "top-1") {
            topOne.add(output.toTensor().to(torch::kCPU), loaded->classes.to(torch::kCPU));
            continue;
        }
        if (meanIou) {
            // The predict call's labels (upsample + argmax) against the masks, where the GPU has them.
            if (!loaded->masks.defined()) throw std::invalid_argument(family.name + ": mIoU needs a validation split with masks");
            meanIou->add(family.postprocess(output).toTensor(), loaded->masks);
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
    return result;
}

}  // namespace graphlens::train
