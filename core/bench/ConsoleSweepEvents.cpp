#include "bench/ConsoleSweepEvents.h"

#include <cstdio>

namespace graphlens::bench {
namespace {

std::string number(const std::optional<double>& value, const char* format) {
    if (!value) return "-";
    char text[32];
    std::snprintf(text, sizeof text, format, *value);
    return text;
}

}  // namespace

void ConsoleSweepEvents::progress(int done, int total, const std::string& label, double etaSeconds) {
    out_ << "[" << (100 * done / (total > 0 ? total : 1)) << "%] " << label;
    if (etaSeconds >= 0 && done < total) out_ << " (about " << static_cast<int>(etaSeconds + 0.5) << " s left)";
    out_ << "\n";
}

void ConsoleSweepEvents::measurement(const results::Measurement& row) {
    out_ << "  " << row.family << (row.phase == "train" ? " training" : "") << " batch " << row.batch;
    if (!row.memory_format.empty() && row.memory_format != "nchw") out_ << " " << row.memory_format;
    if (row.phase == "train") out_ << " " << row.scope << " scope";
    out_ << " " << row.arm << (row.pass == "profiled" ? " (profiled)" : "") << ": ";
    if (row.status != "ok") {
        out_ << row.status << " (" << row.message << ")\n";
        return;
    }
    out_ << "median " << number(row.step_ms_median, "%.3f") << " ms, min " << number(row.step_ms_min, "%.3f")
         << " ms";
    if (row.speedup) out_ << ", speedup " << number(row.speedup, "%.2f") << "x";
    if (!row.parity.empty()) out_ << ", " << row.parity;
    if (row.network_fraction) out_ << ", network " << number(row.network_fraction, "%.2f") << " of the step";
    if (row.phase == "train" && row.forward_ms) {
        out_ << " (data " << number(row.data_ms, "%.2f") << ", forward " << number(row.forward_ms, "%.2f") << ", loss "
             << number(row.loss_ms, "%.2f") << ", backward " << number(row.backward_ms, "%.2f") << ", optimizer "
             << number(row.optimizer_ms, "%.2f") << " ms)";
    } else if (row.postprocess_ms && row.forward_ms) {
        // A detector's postprocess (decode + NMS) is where its step leaves the graph.
        out_ << " (data " << number(row.data_ms, "%.2f") << ", forward " << number(row.forward_ms, "%.2f")
             << ", postprocess " << number(row.postprocess_ms, "%.2f") << " ms)";
    }
    out_ << "\n";
}

void ConsoleSweepEvents::log(const std::string& text) { out_ << text << "\n"; }

void ConsoleSweepEvents::warning(const std::string& text) { out_ << "warning: " << text << "\n"; }

}  // namespace graphlens::bench
