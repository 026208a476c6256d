// The per-step CSV log (header, rows flushed as written, NaN, append on resume, unwritable path)
// and the progress line (fields, durations, ETA, the line before the first step).
#include "train/ProgressLine.h"
#include "train/TrainingLog.h"

#include "results/ResultsError.h"

#include "../results/ResultsTestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <locale>

using namespace graphlens::train;
using graphlens::results::ResultsError;
using graphlens::results::testing::readBytes;
using graphlens::results::testing::TempDir;
namespace fs = std::filesystem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A numpunct that would write 1.234,5 if anything formatted through the global locale.
struct CommaDecimals : std::numpunct<char> {
    char do_decimal_point() const override { return ','; }
    char do_thousands_sep() const override { return '.'; }
    std::string do_grouping() const override { return "\3"; }
};

// Sets a comma-decimal global C++ locale for the scope of the test.
class CommaLocale {
public:
    CommaLocale() : previous_(std::locale::global(std::locale(std::locale::classic(), new CommaDecimals))) {}
    ~CommaLocale() { std::locale::global(previous_); }

private:
    std::locale previous_;
};

}  // namespace

TEST_CASE("TrainingLog writes the header and one flushed row per step", "[train][log]") {
    TempDir dir;
    const auto path = dir / "train.csv";
    TrainingLog log(path);
    CHECK(readBytes(path) == "epoch,step,loss,lr,step_ms,graphed\n");

    log.append(
        {/*epoch=*/1, /*step=*/1, /*loss=*/0.5, /*learningRate=*/0.01, /*stepMs=*/12.25, /*graphed=*/false});
    // Read while the log is still open: each row is on disk as soon as append returns.
    CHECK(readBytes(path) == "epoch,step,loss,lr,step_ms,graphed\n1,1,0.5,0.01,12.25,0\n");

    log.append({2, 1234567, 1.0 / 3.0, 1e-5, 2.0, true});
    CHECK(readBytes(path) ==
          "epoch,step,loss,lr,step_ms,graphed\n"
          "1,1,0.5,0.01,12.25,0\n"
          "2,1234567,0.3333333333333333,1e-05,2,1\n");
    CHECK(log.path() == path);
}

TEST_CASE("TrainingLog writes a NaN loss as nan", "[train][log]") {
    TempDir dir;
    TrainingLog log(dir / "nan.csv");
    log.append({1, 3, kNaN, 0.1, 1.5, true});
    log.append({1, 4, -kNaN, 0.1, 1.5, true});  // a negative NaN too, not "-nan"
    CHECK(readBytes(dir / "nan.csv") ==
          "epoch,step,loss,lr,step_ms,graphed\n1,3,nan,0.1,1.5,1\n1,4,nan,0.1,1.5,1\n");
}

TEST_CASE("TrainingLog ignores the global locale", "[train][log]") {
    TempDir dir;
    CommaLocale comma;
    TrainingLog log(dir / "locale.csv");
    log.append({1, 12345, 1234.5, 0.25, 1000.5, false});
    CHECK(readBytes(dir / "locale.csv") ==
          "epoch,step,loss,lr,step_ms,graphed\n1,12345,1234.5,0.25,1000.5,0\n");
}

TEST_CASE("TrainingLog replaces a file by default and appends on resume", "[train][log]") {
    TempDir dir;
    const auto path = dir / "train.csv";
    {
        TrainingLog first(path);
        first.append({1, 1, 0.5, 0.01, 1.0, false});
    }
    {
        TrainingLog resumed(path, TrainingLog::Mode::Append);  // no second header
        resumed.append({1, 2, 0.25, 0.01, 1.0, true});
    }
    CHECK(readBytes(path) == "epoch,step,loss,lr,step_ms,graphed\n1,1,0.5,0.01,1,0\n1,2,0.25,0.01,1,1\n");
    {
        TrainingLog appendNew(dir / "new.csv", TrainingLog::Mode::Append);  // a new file gets its header
    }
    CHECK(readBytes(dir / "new.csv") == "epoch,step,loss,lr,step_ms,graphed\n");
    { TrainingLog restart(path); }
    CHECK(readBytes(path) == "epoch,step,loss,lr,step_ms,graphed\n");
}

TEST_CASE("TrainingLog names the path it cannot open", "[train][log]") {
    TempDir dir;
    const auto path = dir / "no-such-folder" / "train.csv";
    try {
        TrainingLog log(path);
        FAIL("no ResultsError thrown");
    } catch (const ResultsError& error) {
        CHECK_THAT(error.what(), Catch::Contains(path.string()));
    }
    CHECK_THROWS_AS(TrainingLog(dir.path()), ResultsError);  // a folder, not a file
}

TEST_CASE("formatDuration writes seconds, minutes and hours", "[train][progress]") {
    CHECK(formatDuration(0.0) == "0s");
    CHECK(formatDuration(45.0) == "45s");
    CHECK(formatDuration(59.4) == "59s");
    CHECK(formatDuration(59.6) == "1m00s");
    CHECK(formatDuration(65.0) == "1m05s");
    CHECK(formatDuration(3599.0) == "59m59s");
    CHECK(formatDuration(3600.0) == "1h00m");
    CHECK(formatDuration(2 * 3600.0 + 3 * 60.0 + 59.0) == "2h03m");
    CHECK(formatDuration(100 * 3600.0) == "100h00m");
    CHECK(formatDuration(-1.0) == "--");
    CHECK(formatDuration(kNaN) == "--");
    CHECK(formatDuration(std::numeric_limits<double>::infinity()) == "--");
}

TEST_CASE("formatProgressLine writes position, loss, rate, speed and ETA", "[train][progress]") {
    ProgressLine p;
    p.epoch = 3;
    p.epochs = 20;
    p.stepInEpoch = 12;
    p.stepsPerEpoch = 40;
    p.loss = 0.42131;
    p.learningRate = 0.0095;
    p.stepsDone = 100;
    p.elapsedSeconds = 0.23;     // 2.3 ms/step
    p.totalSteps = 100 + 28261;  // 28261 * 2.3 ms = 65.0 s
    CHECK(formatProgressLine(p) == "epoch 3/20  step 12/40  loss 0.4213  lr 0.00950  2.3 ms/step  ETA 1m05s");

    SECTION("before the first step") {
        p.stepsDone = 0;
        p.elapsedSeconds = 0.0;
        CHECK(formatProgressLine(p) == "epoch 3/20  step 12/40  loss --  lr 0.00950  -- ms/step  ETA --");
    }
    SECTION("a NaN loss, tiny rates and slow steps") {
        p.loss = kNaN;
        p.learningRate = 1e-5;
        p.elapsedSeconds = 25.0;  // 250 ms/step
        p.totalSteps = 100;
        CHECK(formatProgressLine(p) == "epoch 3/20  step 12/40  loss nan  lr 1.00e-05  250 ms/step  ETA 0s");
    }
    SECTION("tiny and huge losses in exponent form") {
        p.loss = 0.00001234;
        CHECK_THAT(formatProgressLine(p), Catch::Contains("loss 1.234e-05  "));
        p.loss = 123456.0;
        CHECK_THAT(formatProgressLine(p), Catch::Contains("loss 1.235e+05  "));
        p.loss = 0.0;
        CHECK_THAT(formatProgressLine(p), Catch::Contains("loss 0.0000  "));
    }
    SECTION("the global locale does not change the text") {
        CommaLocale comma;
        CHECK(formatProgressLine(p) ==
              "epoch 3/20  step 12/40  loss 0.4213  lr 0.00950  2.3 ms/step  ETA 1m05s");
    }
}
