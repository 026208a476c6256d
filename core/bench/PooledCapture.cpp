#include "bench/PooledCapture.h"

#include "graphs/DeviceMemory.h"
#include "graphs/GraphCaptureError.h"
#include "results/ErrorText.h"

namespace graphlens::bench {

PooledCaptureResult capturePooled(InferencePairs& pairs, const std::vector<planning::RequestShape>& ordered) {
    PooledCaptureResult result;
    auto runner = pairs.makeSharedRunner(static_cast<int>(ordered.size()));
    for (const auto& shape : ordered) {
        try {
            const auto example = pairs.deviceBatch(shape.batch, shape.imgsz);
            const auto entry = runner->captureFor(example);
            result.entries.push_back({shape, graphs::toMiB(entry.poolBytes), entry.captureMs});
            result.poolMiB += graphs::toMiB(entry.poolBytes);
        } catch (const std::exception& error) {  // a refused or failed capture, out of memory
            result.failures.push_back("batch " + planning::describe(shape) + ": " + results::errorCause(error.what()));
        }
    }
    runner->release();
    return result;
}

nlohmann::json pooledCaptureJson(const PooledCaptureResult& result, const std::string& family, const std::string& precision) {
    auto list = nlohmann::json::array();
    for (const auto& entry : result.entries) {
        list.push_back({{"family", family},
                        {"precision", precision},
                        {"imgsz", entry.shape.imgsz},
                        {"batch", entry.shape.batch},
                        {"increment_mib", entry.incrementMiB},
                        {"capture_ms", entry.captureMs}});
    }
    return list;
}

}  // namespace graphlens::bench
