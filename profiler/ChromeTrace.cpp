#include "profiler/ChromeTrace.h"

#include "profiler/TraceEventEmitter.h"
#include "profiler/TraceSectionWriter.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace graphlens::profiler {

void ChromeTrace::add(std::string label, const ActivityBatch& batch, const std::vector<PhaseMark>& phases) {
    sections_.push_back(Section{std::move(label), batch, phases});
}

std::string ChromeTrace::toJson() const {
    uint64_t origin = std::numeric_limits<uint64_t>::max();
    for (const auto& section : sections_) {
        for (const auto& mark : section.phases) origin = std::min(origin, mark.start == 0 ? origin : mark.start);
        for (const auto& api : section.batch.apis) origin = std::min(origin, api.start == 0 ? origin : api.start);
        for (const auto& k : section.batch.kernels) origin = std::min(origin, k.start == 0 ? origin : k.start);
        for (const auto& c : section.batch.copies) origin = std::min(origin, c.start == 0 ? origin : c.start);
        for (const auto& g : section.batch.graphExecutions) origin = std::min(origin, g.start == 0 ? origin : g.start);
    }
    if (origin == std::numeric_limits<uint64_t>::max()) origin = 0;

    TraceEventEmitter out(origin);
    for (std::size_t i = 0; i < sections_.size(); ++i) {
        TraceSectionWriter(out, static_cast<int>(i), sections_[i].batch, sections_[i].phases).write(sections_[i].label);
    }
    const nlohmann::json otherData{{"generator", "GraphLens"}, {"clock", "CUPTI timestamp"}, {"originNs", origin}};
    return "{\"traceEvents\":" + out.eventsJson() + ",\"displayTimeUnit\":\"ns\",\"otherData\":" + otherData.dump() +
           "}";
}

void ChromeTrace::writeFile(const std::string& path) const {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file << toJson() << '\n';
        file.close();
        if (!file) {
            std::remove(temporary.c_str());
            throw std::runtime_error("cannot write trace file " + temporary);
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        throw std::runtime_error("cannot rename " + temporary + " to " + path);
    }
}

}  // namespace graphlens::profiler
