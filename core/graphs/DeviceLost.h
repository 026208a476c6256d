#pragma once
// CUDA's sticky errors: after an illegal address, a failed or timed-out launch, a device-side assert or
// an uncorrectable ECC error, the process's CUDA context is unusable and every later call fails too
// (a lost GPU looks the same from here). libtorch reports them as c10::Error text; this reads it.
// A sweep that meets one stops running pairs (each would fail the same way, or hang on a lost GPU) and
// says why on every row it could not run (DeviceLoss).
#include <exception>
#include <string>

namespace graphlens::graphs {

bool isDeviceLost(const std::exception& error);

// What a sweep knows after a sticky error: the first one, and every pair after it not attempted.
class DeviceLoss {
public:
    // Notes `error` when it is a sticky one at `where` ("resnet18 batch 8"); true then.
    bool note(const std::exception& error, const std::string& where);
    bool lost() const { return !reason_.empty(); }
    // "the CUDA context was lost at resnet18 batch 8 (CUDA error: an illegal memory access ...)".
    const std::string& reason() const { return reason_; }

private:
    std::string reason_;
};

}  // namespace graphlens::graphs
