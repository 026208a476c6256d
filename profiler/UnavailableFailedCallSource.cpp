// The FailedCallSource of a build without CUPTI (FailedCallSource.h).
#include "profiler/FailedCallSource.h"

namespace graphlens::profiler {
namespace {

class UnavailableFailedCallSource : public FailedCallSource {
public:
    bool start(FailedCallLog&, std::string& why) override {
        why = "this GraphLens was built without CUPTI";
        return false;
    }
    void stop() override {}
};

}  // namespace

std::unique_ptr<FailedCallSource> makeFailedCallSource() { return std::make_unique<UnavailableFailedCallSource>(); }

}  // namespace graphlens::profiler
