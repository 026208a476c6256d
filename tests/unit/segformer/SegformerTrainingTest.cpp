// segformer-b0 trains on the CPU end to end: the built-in dataset's masks through the loader (flip and
// scale jitter), the family's targets and semantic loss, AdamW, the head rebuilt for the dataset's five
// shapes + background, mIoU after every epoch; the loss falls over 50 steps. A dataset without masks is
// refused before anything is written.
#include "TestFiles.h"
#include "TrainingLogLosses.h"
#include "train/TrainOptions.h"
#include "train/Trainer.h"
#include "train/TrainingErrors.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>
#include <vector>

using namespace graphlens;

using testing::meanOf;
using testing::trainingLogLosses;

TEST_CASE("segformer-b0's loss falls over 50 AdamW steps on the built-in dataset's masks (CPU, 64 px)", "[train][segformer]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-segformer-train";
    std::filesystem::remove_all(out);
    train::TrainOptions options;
    options.family = "segformer-b0";
    options.epochs = 4;  // 16 steps of 4 images each; the run stops at maxSteps
    options.maxSteps = 50;
    options.batch = 4;
    options.imgsz = 64;
    options.optimizer = "adamw";
    options.warmupEpochs = 0.25;
    options.workers = 2;
    options.cpu = true;
    options.outDir = out.string();
    std::ostringstream progress;
    // One intra-op thread: beside the loader's threads on a 2-core runner, OpenMP's spinning workers
    // took 90% of this test's CPU time (perf) and tripled its wall time.
    const int threads = torch::get_num_threads();
    torch::set_num_threads(1);
    const auto report = train::runTraining(options, progress);
    torch::set_num_threads(threads);
    INFO(progress.str());
    CHECK(report.microSteps == 50);
    CHECK(report.metricName == "mIoU");
    CHECK(report.metric > 0.0);
    CHECK(report.metric <= 1.0);
    CHECK(report.nonFiniteLosses == 0);
    const auto trace = trainingLogLosses(report.log);
    REQUIRE(trace.size() == 50);
    const double first = meanOf(trace.begin(), trace.begin() + 10), last = meanOf(trace.end() - 10, trace.end());
    std::cout << "segformer-b0, CPU, 64 px, batch 4, AdamW: loss " << trace.front() << " at step 1, mean " << first
              << " over steps 1-10, " << last << " over steps 41-50; val mIoU " << report.metric << "; " << report.wallSeconds
              << " s (loader wait " << report.loaderWaitSeconds << " s)\n";
    // Six labels at random initialisation start near ln 6; learning the background alone takes it far lower.
    CHECK(trace.front() == Approx(std::log(6.0)).epsilon(0.3));
    CHECK(last < 0.75 * first);
    std::filesystem::remove_all(out);
}

TEST_CASE("segformer-b0 refuses a dataset without masks before writing anything", "[train][segformer]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg", 64, 48);
    testing::writeText(dir / "labels/train/a.txt", "0 0.5 0.5 0.2 0.2\n");
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [a]\n");
    train::TrainOptions options;
    options.family = "segformer-b0";
    options.data = (dir / "data.yaml").string();
    options.batch = 1;
    options.imgsz = 64;
    options.cpu = true;
    options.outDir = (dir / "out").string();
    std::ostringstream progress;
    CHECK_THROWS_WITH(train::runTraining(options, progress),
                      Catch::Contains("data.yaml: segformer-b0 is a segment family and this dataset has no masks"));
    CHECK_FALSE(std::filesystem::exists(dir / "out"));
}
