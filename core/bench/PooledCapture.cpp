#include "bench/PooledCapture.h"

#include "graphs/DeviceMemory.h"
#include "results/ErrorText.h"

namespace graphlens::bench {

double PooledCaptureResult::poolMiB(const planning::RequestShape& base) const {
    double total = 0;
    for (const auto& entry : entries) {
        if (entry.base == base) total += entry.incrementMiB;
    }
    return total;
}

PooledCaptureResult capturePooled(InferencePairs& pairs, const std::vector<planning::RequestShape>& ordered, bool onlyFirstBase) {
    PooledCaptureResult result;
    for (std::size_t first = 0; first < ordered.size(); ++first) {
        const auto& base = ordered[first];
        auto runner = pairs.makeSharedRunner(static_cast<int>(ordered.size() - first));
        for (std::size_t i = first; i < ordered.size(); ++i) {
            const auto& shape = ordered[i];
            try {
                const auto example = pairs.deviceBatch(shape.batch, shape.imgsz);
                const auto entry = runner->captureFor(example);
                result.entries.push_back({shape, base, graphs::toMiB(entry.poolBytes), entry.captureMs});
            } catch (const std::exception& error) {  // a refused or failed capture, out of memory
                result.failures.push_back("batch " + planning::describe(shape) + " beside " + planning::describe(base) + ": " +
                                          results::errorCause(error.what()));
                if (i == first) break;  // no base, no chain
            }
        }
        runner->release();
        graphs::DeviceMemory(pairs.device()).emptyCache();  // the next base starts from nothing
        if (onlyFirstBase) break;
    }
    return result;
}

nlohmann::json pooledCaptureJson(const PooledCaptureResult& result, const std::string& family, const std::string& precision) {
    auto list = nlohmann::json::array();
    for (const auto& entry : result.entries) {
        list.push_back({{"family", family},
                        {"precision", precision},
                        {"imgsz", entry.shape.imgsz},
                        {"batch", entry.shape.batch},
                        {"base_imgsz", entry.base.imgsz},
                        {"base_batch", entry.base.batch},
                        {"increment_mib", entry.incrementMiB},
                        {"capture_ms", entry.captureMs}});
    }
    return list;
}

}  // namespace graphlens::bench
