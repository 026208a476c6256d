#pragma once
// How a CUPTI window records the API calls of RecordedApis.h (README "Collection"). First choice:
// CUPTI's callback API, enabled for those callback ids only, so the dozens of other runtime/driver
// calls libtorch and cuDNN make per kernel never enter CUPTI's API instrumentation. Fallback (callback
// API missing or refused, or GRAPHLENS_CUPTI_API_RECORDING=activity): the RUNTIME/DRIVER activity
// kinds, narrowed per id, with a note saying what that costs. Compiled only when GRAPHLENS_HAVE_CUPTI.
#include "profiler/CuptiLibrary.h"

#include <string>

namespace graphlens::profiler {

// One per CuptiActivitySource. These must be called in order: start or startCallbacksOnly -> stop.
class CuptiApiCallRecording {
public:
    explicit CuptiApiCallRecording(const CuptiLibrary& lib) : lib_(lib) {}

    // The callback API alone (CuptiRecords::Calls): false with the reason in why.
    bool startCallbacksOnly(std::string& why);
    // The callback API, else the activity kinds with a note appended to `note`; false (with the reason
    // in `reason`) only when the fallback fails too.
    bool start(std::string& reason, std::string& note);
    // Ends recording; calls recorded through callbacks go into the collector's batch.
    void stop();

    // Whether the callback API records this window (its callback stamps system thread ids).
    bool usesCallbacks() const { return subscriber_ != nullptr; }

private:
    bool subscribe(std::string& why);
    bool enableActivityKinds(std::string& reason, std::string& note);
    void narrowActivityKinds(std::string& note);
    void disableActivityKinds();

    const CuptiLibrary& lib_;
    CUpti_SubscriberHandle subscriber_ = nullptr;  // set while the callback API records this window
};

}  // namespace graphlens::profiler
