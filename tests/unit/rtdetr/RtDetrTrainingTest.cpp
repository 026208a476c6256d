// rtdetr-r18 trains on the CPU end to end: the built-in dataset's boxes through the loader (flip and
// scale jitter), the family's targets, every step split at its seam (encoder side, then the decoder with
// denoising queries, the Hungarian matching and the varifocal + L1 + GIoU loss), AdamW; the loss falls
// over 50 steps, and each epoch ends with a validation mAP.
#include "TrainingLogLosses.h"
#include "train/TrainOptions.h"
#include "train/Trainer.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace graphlens;

using testing::meanOf;
using testing::trainingLogLosses;

TEST_CASE("rtdetr-r18's loss falls over 50 AdamW steps on the built-in dataset (CPU, 128 px)", "[train][rtdetr]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-rtdetr-train";
    std::filesystem::remove_all(out);
    train::TrainOptions options;
    options.family = "rtdetr-r18";
    options.epochs = 2;  // 32 steps of 2 images each; the run stops at maxSteps
    options.maxSteps = 50;
    options.batch = 2;
    options.imgsz = 128;  // the smallest square size whose three levels hold 300 positions to select from
    options.optimizer = "adamw";
    options.learningRate = 1e-4;  // RT-DETR's own AdamW rate
    options.warmupEpochs = 0.25;
    options.workers = 2;
    options.cpu = true;
    options.outDir = out.string();
    std::ostringstream progress;
    // One intra-op thread: beside the loader's threads on a 2-core runner, OpenMP's spinning workers
    // take most of the CPU otherwise.
    const int threads = torch::get_num_threads();
    torch::set_num_threads(1);
    const auto report = train::runTraining(options, progress);
    torch::set_num_threads(threads);
    INFO(progress.str());
    CHECK(report.microSteps == 50);
    CHECK(report.nonFiniteLosses == 0);
    // Validated after each epoch with COCO's mAP50-95 over its 300 query x class scores per image.
    CHECK(report.metricName == "mAP50-95");
    CHECK(report.metric >= 0.0);
    CHECK(report.metric <= 1.0);
    const auto trace = trainingLogLosses(report.log);
    REQUIRE(trace.size() == 50);
    const double first = meanOf(trace.begin(), trace.begin() + 10), last = meanOf(trace.end() - 10, trace.end());
    std::cout << "rtdetr-r18, CPU, 128 px, batch 2, AdamW 1e-4: loss " << trace.front() << " at step 1, mean " << first
              << " over steps 1-10, " << last << " over steps 41-50; val mAP50-95 " << report.metric << "; " << report.wallSeconds << " s\n";
    CHECK(last < 0.9 * first);
    std::filesystem::remove_all(out);
}
