// The worker's JSON-lines reader (core/results/WorkerProtocol): each line of a worker's stdout decoded
// into an event, and a measurement event into its row, as the window's WorkerClient does.
#include "results/WorkerProtocol.h"

#include <cstdint>
#include <exception>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        try {
            std::string error;
            if (const auto event = graphlens::results::decodeWorkerEvent(text.substr(start, end - start), &error)) {
                if (event->type == graphlens::results::WorkerEventType::Measurement) (void)graphlens::results::measurementOf(*event);
            }
        } catch (const std::exception&) {
        }
        start = end + 1;
    }
    return 0;
}
