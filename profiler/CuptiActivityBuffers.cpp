#include "profiler/CuptiActivityBuffers.h"

#include "profiler/CuptiRecordDecoder.h"

#include <cstdlib>

namespace graphlens::profiler {
namespace {

constexpr std::size_t kBufferBytes = 8 * 1024 * 1024;
constexpr std::size_t kBufferAlignment = 8;  // CUPTI requires 8-byte aligned activity buffers

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords) {
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(kBufferAlignment, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxNumRecords = 0;  // as many as fit
}

// Decodes every record, adds what CUPTI had to drop for lack of buffers, and frees the buffer.
void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t /*size*/,
                              size_t validSize) {
    const auto& lib = CuptiLibrary::instance();
    auto& sink = cuptiCollector();
    {
        std::lock_guard lock(sink.mutex);
        CUpti_Activity* record = nullptr;
        while (lib.cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
            decodeActivity(*record, sink.batch, cuptiApiName);
        }
        size_t dropped = 0;
        if (GRAPHLENS_CUPTI_CHECK(lib, cuptiActivityGetNumDroppedRecords(context, streamId, &dropped), nullptr)) {
            sink.batch.droppedByCupti += dropped;
        }
    }
    std::free(buffer);
}

}  // namespace

bool registerActivityBuffers(const CuptiLibrary& lib, CuptiCollector& sink, std::string* why) {
    if (!sink.callbacksRegistered) {
        sink.callbacksRegistered =
            GRAPHLENS_CUPTI_CHECK(lib, cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted), why);
    }
    return sink.callbacksRegistered;
}

}  // namespace graphlens::profiler
