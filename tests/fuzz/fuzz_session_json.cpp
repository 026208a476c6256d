// The session JSON reader (core/results/Session): readAnyResultsFile on a .json file, as File > Open
// and `graphlens --report` read a session.
#include "FuzzScratch.h"

#include "results/Session.h"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = graphlens::fuzz::writeInput("session.json", data, size);
    try {
        (void)graphlens::results::readAnyResultsFile(path);
    } catch (const std::exception&) {
    }
    return 0;
}
