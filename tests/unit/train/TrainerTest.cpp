// The training run on the CPU, end to end on the built-in detection dataset: a run resumed from its
// epoch-1 checkpoint ends byte-identical to an uninterrupted one (same next step), and bad input is
// refused before anything is written. A --batch larger than the train split trains, as in Ultralytics.
#include "train/TrainOptions.h"
#include "train/Trainer.h"
#include "train/TrainingErrors.h"

#include "TestFiles.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

using namespace graphlens;

namespace {

std::string readBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

train::TrainOptions smallRun(const std::filesystem::path& out, int epochs) {
    train::TrainOptions options;
    options.family = "fomo-s";
    options.epochs = epochs;
    options.batch = 16;
    options.imgsz = 64;
    options.workers = 2;
    options.cpu = true;
    options.outDir = out.string();
    return options;
}

}  // namespace

TEST_CASE("a resumed run ends where an uninterrupted run ends, byte for byte", "[train]") {
    const auto root = std::filesystem::temp_directory_path() / "graphlens-trainer-test";
    std::filesystem::remove_all(root);
    std::ostringstream log;
    const auto whole = train::runTraining(smallRun(root / "whole", 2), log);
    CHECK(whole.epochs == 2);
    // Stopped after epoch 1 of 2 (4 steps): the schedule is the 2-epoch one, as for a killed run.
    auto first = smallRun(root / "split", 2);
    first.maxSteps = 4;
    (void)train::runTraining(first, log);
    auto resumed = smallRun(root / "split", 2);
    resumed.resume = (root / "split" / "last.ckpt").string();
    const auto second = train::runTraining(resumed, log);
    CHECK(second.epochs == 1);
    CHECK(second.optimizerSteps == whole.optimizerSteps);
    CHECK(readBytes(root / "whole" / "last.ckpt") == readBytes(root / "split" / "last.ckpt"));
    // The log of the resumed run continues the first one: same rows as the uninterrupted run.
    const auto column = [](const std::string& csv) {  // epoch,step,loss,lr without the timings
        std::istringstream lines(csv);
        std::string line, kept;
        while (std::getline(lines, line)) {
            std::size_t cut = 0;
            for (int commas = 0; commas < 4 && cut != std::string::npos; ++commas) cut = line.find(',', cut + 1);
            kept += line.substr(0, cut) + "\n";
        }
        return kept;
    };
    CHECK(column(readBytes(root / "whole" / "train.csv")) == column(readBytes(root / "split" / "train.csv")));
    CHECK(log.str().find("was saved by a run planned for") == std::string::npos);  // same --epochs: no warning

    // Resumed for more epochs than the run was planned for: the schedule stretches, and it says so.
    auto longer = smallRun(root / "split", 3);
    longer.resume = (root / "split" / "last.ckpt").string();
    std::ostringstream longerLog;
    const auto third = train::runTraining(longer, longerLog);
    CHECK(third.epochs == 1);
    CHECK_THAT(longerLog.str(), Catch::Contains("was saved by a run planned for 2 epochs; resuming for 3 stretches the "
                                                "learning-rate schedule"));
    std::filesystem::remove_all(root);
}

TEST_CASE("a training run refuses bad input before writing anything", "[train]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-trainer-refused";
    std::filesystem::remove_all(out);
    std::ostringstream log;
    auto options = smallRun(out, 1);
    options.family = "resnet18";
    options.data = (std::filesystem::temp_directory_path() / "no-such-dataset.yaml").string();
    CHECK_THROWS_AS(train::runTraining(options, log), train::TrainingInputError);
    options = smallRun(out, 0);
    CHECK_THROWS_AS(train::runTraining(options, log), train::TrainingInputError);
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("a non-finite loss is reported with its step and the run completes", "[train]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-trainer-nonfinite";
    std::filesystem::remove_all(out);
    auto options = smallRun(out, 1);
    options.learningRate = 1e30;  // the first update throws the weights past float range
    options.maxSteps = 3;
    std::ostringstream log;
    const auto report = train::runTraining(options, log);
    CHECK(report.microSteps == 3);
    CHECK(report.nonFiniteLosses >= 1);
    CHECK_THAT(log.str(), Catch::Matches("(.|\\n)*warning: step [12]: loss is (nan|-nan|inf)(.|\\n)*"));
    CHECK_THAT(train::describe(report), Catch::Contains("non-finite losses: " + std::to_string(report.nonFiniteLosses)));
    CHECK(std::filesystem::exists(out / "last.ckpt"));  // the run is not aborted
    std::filesystem::remove_all(out);
}

TEST_CASE("a batch larger than the train split trains one partial batch per epoch, as Ultralytics does", "[train]") {
    // Ultralytics' build_dataloader takes min(batch, len(dataset)) with drop_last=False: coco8's 4
    // training images at --batch 8 are one batch of 4 per epoch.
    testing::TempDir dir;
    for (int i = 0; i < 4; ++i) {
        const std::string name = "img" + std::to_string(i);
        testing::writeImage(dir / ("images/train/" + name + ".jpg"), 64, 48, i);
        testing::writeText(dir / ("labels/train/" + name + ".txt"), "0 0.5 0.5 0.4 0.3\n1 0.3 0.6 0.2 0.2\n");
    }
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [a, b]\n");
    train::TrainOptions options;
    options.family = "yolo-t";
    options.data = (dir / "data.yaml").string();
    options.epochs = 2;
    options.batch = 8;
    options.imgsz = 64;
    options.workers = 2;
    options.cpu = true;
    options.outDir = (dir / "out").string();
    std::ostringstream log;
    const auto report = train::runTraining(options, log);
    CHECK(report.epochs == 2);
    CHECK(report.microSteps == 2);  // one batch of 4 per epoch
    CHECK(report.nonFiniteLosses == 0);
    CHECK_THAT(log.str(), Catch::Contains("batch 8 is larger than the train split (4 images): each epoch is one batch of 4"));
    CHECK(std::filesystem::exists(dir / "out" / "last.ckpt"));
}
