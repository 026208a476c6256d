// The CUPTI FailedCallSource (FailedCallSource.h). Compiled only when GRAPHLENS_HAVE_CUPTI.
#include "profiler/FailedCallSource.h"

#include "profiler/CuptiLibrary.h"
#include "platform/ProcessIds.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

namespace graphlens::profiler {
namespace {

// On every runtime and driver call, twice: an order number into the call's slot on entry; on exit,
// the return code read, and the call kept only when it failed (FailedCallLog::exit).
void CUPTIAPI onCall(void* userdata, CUpti_CallbackDomain domain, CUpti_CallbackId, const void* cbdata) {
    if (!cbdata || (domain != CUPTI_CB_DOMAIN_RUNTIME_API && domain != CUPTI_CB_DOMAIN_DRIVER_API)) return;
    auto& log = *static_cast<FailedCallLog*>(userdata);
    const auto& data = *static_cast<const CUpti_CallbackData*>(cbdata);
    if (data.callbackSite == CUPTI_API_ENTER) {
        if (data.correlationData) *data.correlationData = log.enter();
        return;
    }
    if (!data.functionReturnValue) return;
    const bool runtime = domain == CUPTI_CB_DOMAIN_RUNTIME_API;
    const int code = runtime ? static_cast<int>(*static_cast<const cudaError_t*>(data.functionReturnValue))
                             : static_cast<int>(*static_cast<const CUresult*>(data.functionReturnValue));
    log.exit(runtime ? ApiDomain::Runtime : ApiDomain::Driver, data.functionName, code,
             platform::currentSystemThreadId(), data.correlationData ? *data.correlationData : 0);
}

class CuptiFailedCallSource : public FailedCallSource {
public:
    bool start(FailedCallLog& log, std::string& why) override {
        const auto& lib = CuptiLibrary::instance();
        if (!lib.loaded) {
            why = "CUPTI is not available: " + lib.error;
            return false;
        }
        if (!lib.hasCallbackApi() || !lib.cuptiEnableDomain) {
            why = "this libcupti has no callback API (cuptiSubscribe, cuptiEnableDomain)";
            return false;
        }
        if (!GRAPHLENS_CUPTI_CHECK(lib, cuptiSubscribe(&subscriber_, onCall, &log), &why)) {
            why = "CUPTI refused a subscriber (is a profiler attached?): " + why;
            subscriber_ = nullptr;
            return false;
        }
        for (const auto domain : {CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_CB_DOMAIN_DRIVER_API}) {
            if (!GRAPHLENS_CUPTI_CHECK(lib, cuptiEnableDomain(1, subscriber_, domain), &why)) {
                stop();
                return false;
            }
        }
        return true;
    }

    void stop() override {
        if (!subscriber_) return;
        GRAPHLENS_CUPTI_CHECK(CuptiLibrary::instance(), cuptiUnsubscribe(subscriber_), nullptr);
        subscriber_ = nullptr;
    }

    ~CuptiFailedCallSource() override { stop(); }

private:
    CUpti_SubscriberHandle subscriber_ = nullptr;
};

}  // namespace

std::unique_ptr<FailedCallSource> makeFailedCallSource() { return std::make_unique<CuptiFailedCallSource>(); }

}  // namespace graphlens::profiler
