// The worker's sweep plan reader (core/results/SweepPlan): the text `graphlens-cli worker` takes on
// stdin or with --plan, parsed and checked as the worker does before it runs anything.
#include "results/SweepPlan.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto document = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) return 0;
    try {
        const auto plan = graphlens::results::sweepPlanFromJson(document, "<stdin>");
        (void)graphlens::results::validateSweepPlan(plan);
        (void)graphlens::results::inferencePrecision(plan);
        (void)graphlens::results::trainingPrecision(plan);
    } catch (const std::exception&) {
    }
    return 0;
}
