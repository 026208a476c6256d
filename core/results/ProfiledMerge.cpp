#include "results/ProfiledMerge.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <unordered_map>

namespace graphlens::results {
namespace {

using M = Measurement;

// What the profiled pass measures better than the timed pass. Listed once so a new profiled column
// is added in one place.
constexpr std::optional<double> M::*kProfiledColumns[] = {
    &M::launches, &M::graph_launches, &M::kernels, &M::launch_cpu_us, &M::gpu_busy_us,
    &M::network_gpu_fraction, &M::launch_delay_us_median, &M::launch_delay_us_p90,
    &M::data_wall_us, &M::data_gpu_us, &M::forward_wall_us, &M::forward_gpu_us,
    &M::loss_wall_us, &M::loss_gpu_us, &M::backward_wall_us, &M::backward_gpu_us,
    &M::optimizer_wall_us, &M::optimizer_gpu_us, &M::postprocess_wall_us, &M::postprocess_gpu_us,
    &M::postprocess_host_before_wait_us, &M::loss_host_before_wait_us, &M::optimizer_host_before_wait_us,
    &M::loss_backward_wall_us,
    &M::discarded_records, &M::profiler_overhead_pct, &M::profiler_overhead_ci_low, &M::profiler_overhead_ci_high,
    &M::gpu_records_overhead_pct, &M::gpu_records_overhead_ci_low, &M::gpu_records_overhead_ci_high,
    &M::data_kernels, &M::forward_kernels, &M::loss_kernels, &M::backward_kernels, &M::optimizer_kernels,
    &M::postprocess_kernels, &M::captured_wall_us, &M::captured_gpu_us, &M::captured_kernels,
    &M::explain_saved_ms, &M::explain_gpu_idle_ms, &M::explain_host_launch_ms, &M::explain_kernel_time_ms,
    &M::explain_replay_cost_ms, &M::explain_unexplained_ms,
};

// What only the window with GPU records measures (combineProfiledWindows). gpu_idle_pct too: the
// merge recomputes it against the timed median.
constexpr std::optional<double> M::*kGpuRecordColumns[] = {
    &M::kernels, &M::gpu_busy_us, &M::gpu_idle_pct, &M::network_gpu_fraction,
    &M::launch_delay_us_median, &M::launch_delay_us_p90, &M::data_gpu_us, &M::forward_gpu_us,
    &M::loss_gpu_us, &M::backward_gpu_us, &M::optimizer_gpu_us, &M::postprocess_gpu_us,
    &M::data_kernels, &M::forward_kernels, &M::loss_kernels, &M::backward_kernels, &M::optimizer_kernels,
    &M::postprocess_kernels, &M::captured_gpu_us, &M::captured_kernels,
    // Where the saved time went: worked out from the two arms' steps in this window (graphed rows).
    &M::explain_saved_ms, &M::explain_gpu_idle_ms, &M::explain_host_launch_ms, &M::explain_kernel_time_ms,
    &M::explain_replay_cost_ms, &M::explain_unexplained_ms,
};

// The string columns of the window with GPU records: not optional<double>, so the tables above cannot
// hold them; an empty string is their "absent".
constexpr std::string M::*kGpuRecordTexts[] = {&M::kernel_alignment};

// Takes every GPU-records figure (numbers and texts) from `from`, or clears them when there is none.
void setGpuRecordColumns(M& row, const M* from) {
    for (auto column : kGpuRecordColumns) row.*column = from ? from->*column : std::nullopt;
    for (auto column : kGpuRecordTexts) row.*column = from ? from->*column : std::string{};
}

std::optional<double> sumOf(std::optional<double> a, std::optional<double> b) {
    if (!a) return b;
    if (!b) return a;
    return *a + *b;
}

void appendMessage(M& row, const std::string& text) {
    row.message = row.message.empty() ? text : row.message + "; " + text;
}

auto identity(const M& m) {
    return std::tie(m.session_id, m.family, m.task, m.phase, m.batch, m.imgsz, m.precision,
                    m.memory_format, m.scope, m.jit, m.arm);
}

// identity() as one string, for a hash map over thousands of rows.
std::string identityText(const M& m) {
    std::string text;
    for (const auto* part : {&m.session_id, &m.family, &m.task, &m.phase, &m.precision, &m.memory_format, &m.scope,
                             &m.jit, &m.arm}) {
        text += *part;
        text += '\x1f';
    }
    return text + std::to_string(m.batch) + 'x' + std::to_string(m.imgsz);
}

}  // namespace

std::optional<double> profilerOverheadPct(std::optional<double> profiledMs, std::optional<double> timedMs) {
    if (!profiledMs || !timedMs || *timedMs <= 0) return std::nullopt;
    return 100.0 * (*profiledMs / *timedMs - 1.0);
}

bool sameRowIdentity(const Measurement& a, const Measurement& b) { return identity(a) == identity(b); }

std::vector<Measurement> combineProfiledWindows(const std::vector<Measurement>& calls,
                                                const std::vector<Measurement>& full) {
    std::unordered_map<std::string, size_t> fullByIdentity;
    for (size_t i = 0; i < full.size(); ++i) fullByIdentity.emplace(identityText(full[i]), i);
    std::vector<bool> used(full.size(), false);
    std::vector<Measurement> rows;
    for (const auto& callsRow : calls) {
        const auto match = fullByIdentity.find(identityText(callsRow));
        if (match == fullByIdentity.end()) {
            // The other process died or never got here: its zeros (no kernel recorded) are not figures.
            auto row = callsRow;
            if (row.status == "ok") {
                setGpuRecordColumns(row, nullptr);
                appendMessage(row, "no GPU records: the process recording them gave no row for this configuration");
            }
            rows.push_back(std::move(row));
            continue;
        }
        used[match->second] = true;
        const auto& fullRow = full[match->second];
        if (callsRow.status == "ok" && fullRow.status == "ok") {
            auto row = callsRow;
            setGpuRecordColumns(row, &fullRow);
            row.discarded_records = sumOf(callsRow.discarded_records, fullRow.discarded_records);
            row.gpu_records_step_ms = fullRow.step_ms_median;
            row.gpu_records_overhead_pct = fullRow.profiler_overhead_pct;  // measured in its own process
            row.gpu_records_overhead_ci_low = fullRow.profiler_overhead_ci_low;
            row.gpu_records_overhead_ci_high = fullRow.profiler_overhead_ci_high;
            rows.push_back(std::move(row));
        } else if (callsRow.status == "ok") {
            auto row = callsRow;
            setGpuRecordColumns(row, nullptr);
            appendMessage(row, "no GPU records: " + (fullRow.message.empty() ? fullRow.status : fullRow.message));
            rows.push_back(std::move(row));
        } else if (callsRow.status == "error" && fullRow.status == "ok") {
            auto row = fullRow;
            row.gpu_records_step_ms = fullRow.step_ms_median;
            appendMessage(row, "host figures from the window with GPU records (slower): the API-calls window failed: " +
                                   callsRow.message);
            rows.push_back(std::move(row));
        } else {
            rows.push_back(callsRow);
        }
    }
    for (size_t i = 0; i < full.size(); ++i) {
        if (!used[i]) rows.push_back(full[i]);
    }
    return rows;
}

std::optional<double> gpuIdlePct(std::optional<double> gpuBusyUs,
                                 std::optional<double> timedStepMedianMs) {
    if (!gpuBusyUs || !timedStepMedianMs || !std::isfinite(*gpuBusyUs) ||
        !std::isfinite(*timedStepMedianMs) || *timedStepMedianMs <= 0) {
        return std::nullopt;
    }
    return std::clamp(100.0 * (1.0 - *gpuBusyUs / (*timedStepMedianMs * 1000.0)), 0.0, 100.0);
}

void mergeProfiledMetrics(std::vector<Measurement>& timedRows,
                          std::vector<Measurement>& profiledRows) {
    for (auto& profiled : profiledRows) {
        for (auto& timed : timedRows) {
            if (!sameRowIdentity(timed, profiled)) continue;
            // Rows from before the in-process comparison existed: against the timed process, as then.
            if (!profiled.profiler_overhead_pct) {
                profiled.profiler_overhead_pct = profilerOverheadPct(profiled.step_ms_median, timed.step_ms_median);
            }
            if (!profiled.gpu_records_overhead_pct) {
                profiled.gpu_records_overhead_pct = profilerOverheadPct(profiled.gpu_records_step_ms, timed.step_ms_median);
            }
            if (profiled.status != "ok") continue;
            // One definition on both rows: busy against the timed median, never the profiled span.
            profiled.gpu_idle_pct = gpuIdlePct(profiled.gpu_busy_us, timed.step_ms_median);
            for (auto column : kProfiledColumns) timed.*column = profiled.*column;
            for (auto column : kGpuRecordTexts) timed.*column = profiled.*column;
            timed.gpu_idle_pct = profiled.gpu_idle_pct;
        }
    }
}

std::vector<size_t> mergeProfiledRows(std::vector<Measurement>& rows, size_t first) {
    std::vector<size_t> written;
    bool any = false;
    for (size_t i = first; i < rows.size() && !any; ++i) any = rows[i].pass == "profiled";
    if (!any) return written;
    std::unordered_multimap<std::string, size_t> others;  // identity -> rows that are not profiled
    for (size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].pass != "profiled") others.emplace(identityText(rows[i]), i);
    }
    for (size_t p = first; p < rows.size(); ++p) {
        if (rows[p].pass != "profiled") continue;
        const auto [begin, end] = others.equal_range(identityText(rows[p]));
        for (auto match = begin; match != end; ++match) {
            std::vector<Measurement> timed{rows[match->second]};
            std::vector<Measurement> profiled{rows[p]};
            mergeProfiledMetrics(timed, profiled);
            rows[match->second] = std::move(timed.front());
            rows[p] = std::move(profiled.front());
            written.push_back(match->second);
            written.push_back(p);
        }
    }
    std::sort(written.begin(), written.end());
    written.erase(std::unique(written.begin(), written.end()), written.end());
    return written;
}

}  // namespace graphlens::results
