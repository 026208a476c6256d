#pragma once
// The one-line progress report of a training run, e.g.
//   epoch 3/20  step 12/40  loss 0.4213  lr 0.00950  2.3 ms/step  ETA 1m05s
// A pure formatter: the loop passes where it is, this only turns it into text.
#include <cstdint>
#include <limits>
#include <string>

namespace graphlens::train {

struct ProgressLine {
    int epoch = 0;  // 1-based
    int epochs = 0;
    std::int64_t stepInEpoch = 0;  // 1-based
    std::int64_t stepsPerEpoch = 0;
    double elapsedSeconds = 0.0;                             // wall time of the steps done so far
    double loss = std::numeric_limits<double>::quiet_NaN();  // the last step's
    double learningRate = 0.0;
    std::int64_t stepsDone = 0;   // optimizer steps of the whole run done so far
    std::int64_t totalSteps = 0;  // ... and in all
};

// ms/step = elapsed / done; ETA = elapsed / done * (total - done). Before the first step (done == 0)
// loss, ms/step and ETA read "--".
std::string formatProgressLine(const ProgressLine& progress);

// 45s, 1m05s, 2h03m (rounded to the second, then minutes truncated); "--" when negative or not finite.
std::string formatDuration(double seconds);

}  // namespace graphlens::train
