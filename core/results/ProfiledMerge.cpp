#include "results/ProfiledMerge.h"

#include <algorithm>
#include <cmath>
#include <tuple>

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
    &M::discarded_records, &M::profiler_overhead_pct,
};

auto identity(const M& m) {
    return std::tie(m.session_id, m.family, m.task, m.phase, m.batch, m.imgsz, m.precision,
                    m.memory_format, m.scope, m.jit, m.arm);
}

}  // namespace

std::optional<double> profilerOverheadPct(std::optional<double> profiledMs, std::optional<double> timedMs) {
    if (!profiledMs || !timedMs || *timedMs <= 0) return std::nullopt;
    return 100.0 * (*profiledMs / *timedMs - 1.0);
}

bool sameRowIdentity(const Measurement& a, const Measurement& b) { return identity(a) == identity(b); }

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
            profiled.profiler_overhead_pct = profilerOverheadPct(profiled.step_ms_median, timed.step_ms_median);
            if (profiled.status != "ok") continue;
            for (auto column : kProfiledColumns) timed.*column = profiled.*column;
            timed.gpu_idle_pct = gpuIdlePct(profiled.gpu_busy_us, timed.step_ms_median);
        }
    }
}

}  // namespace graphlens::results
