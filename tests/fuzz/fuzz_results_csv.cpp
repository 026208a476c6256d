// The measurement CSV reader (core/results/MeasurementCsv): what File > Open does with a .csv export.
#include "results/MeasurementCsv.h"

#include <cstdint>
#include <exception>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        (void)graphlens::results::parseCsv(std::string(reinterpret_cast<const char*>(data), size), "fuzz.csv");
    } catch (const std::exception&) {
    }
    return 0;
}
