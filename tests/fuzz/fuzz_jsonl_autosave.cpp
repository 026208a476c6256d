// The JSONL autosave reader (core/results/JsonlAutosave): what the window reads to offer an
// interrupted run back, and File > Open of a .jsonl.
#include "FuzzScratch.h"

#include "results/JsonlAutosave.h"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = graphlens::fuzz::writeInput("autosave.jsonl", data, size);
    try {
        (void)graphlens::results::readJsonlAutosave(path);
    } catch (const std::exception&) {
    }
    return 0;
}
