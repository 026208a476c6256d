#pragma once
// Profiled steps as Chrome trace JSON (the "JSON Array/Object format" Perfetto and chrome://tracing
// open). Per section (e.g. "eager", "graphed"): a host process with one track per thread holding the
// phase ranges and the CUDA API calls, a GPU process per device with one track per stream holding the
// kernels, memcpys and memsets, and flow arrows from each launch or copy call to its GPU work. Work
// replayed from a graph sits inside a "graph <id>" slice on its stream, and the graph launch's one arrow
// points at that slice.
// Records the metrics discard (Correlation.h) are left out here too.
#include "profiler/ActivityRecords.h"
#include "profiler/PhaseRecorder.h"

#include <string>
#include <vector>

namespace graphlens::profiler {

class ChromeTrace {
public:
    // Copies the records; sections appear in the order added, on one shared time axis.
    void add(std::string label, const ActivityBatch& batch, const std::vector<PhaseMark>& phases);

    std::string toJson() const;
    // Written to a temporary file next to path and renamed: an interrupted export leaves no half file.
    // Throws std::runtime_error when the file cannot be written.
    void writeFile(const std::string& path) const;

private:
    struct Section {
        std::string label;
        ActivityBatch batch;
        std::vector<PhaseMark> phases;
    };
    std::vector<Section> sections_;
};

}  // namespace graphlens::profiler
