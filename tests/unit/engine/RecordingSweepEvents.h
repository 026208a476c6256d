#pragma once
// Sweep events kept for the assertions of the CPU sweep tests (inference and training).
#include "bench/SweepEvents.h"
#include "results/Measurement.h"

#include <string>
#include <vector>

namespace graphlens::testing {

struct RecordingSweepEvents : bench::SweepEvents {
    void progress(int done, int total, const std::string&, double) override {
        lastDone = done;
        lastTotal = total;
    }
    void measurement(const results::Measurement& row) override { rows.push_back(row); }
    void log(const std::string& text) override { logs.push_back(text); }
    void warning(const std::string& text) override { warnings.push_back(text); }
    int lastDone = -1, lastTotal = -1;
    std::vector<results::Measurement> rows;
    std::vector<std::string> logs, warnings;
};

}  // namespace graphlens::testing
