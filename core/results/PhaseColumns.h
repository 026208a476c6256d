#pragma once
// The per-phase columns of a row, one entry per phase the metrics know (DESIGN §4): its phase-pass
// median (ms) and its profiled host time, GPU time and kernel count. One table, so the profiled pass
// that fills these columns and the advisor that reads them cannot disagree on which is which.
// The names are profiler/ScopedPhase.h's (this layer does not depend on the profiler).
#include "results/Measurement.h"

#include <optional>

namespace graphlens::results {

struct PhaseColumns {
    const char* name;
    std::optional<double> Measurement::*phaseMs;  // phase pass
    std::optional<double> Measurement::*wallUs;   // profiled pass
    std::optional<double> Measurement::*gpuUs;
    std::optional<double> Measurement::*kernels;
    // Host time before the phase's first wait for the GPU (profiled pass), for the phases that stay
    // eager beside a replay; null for the others.
    std::optional<double> Measurement::*hostBeforeWaitUs = nullptr;
};

inline constexpr PhaseColumns kDataColumns{"data", &Measurement::data_ms, &Measurement::data_wall_us,
                                           &Measurement::data_gpu_us, &Measurement::data_kernels};
inline constexpr PhaseColumns kForwardColumns{"forward", &Measurement::forward_ms, &Measurement::forward_wall_us,
                                              &Measurement::forward_gpu_us, &Measurement::forward_kernels};
inline constexpr PhaseColumns kLossColumns{"loss", &Measurement::loss_ms, &Measurement::loss_wall_us,
                                           &Measurement::loss_gpu_us, &Measurement::loss_kernels,
                                           &Measurement::loss_host_before_wait_us};
inline constexpr PhaseColumns kBackwardColumns{"backward", &Measurement::backward_ms, &Measurement::backward_wall_us,
                                               &Measurement::backward_gpu_us, &Measurement::backward_kernels};
inline constexpr PhaseColumns kOptimizerColumns{"optimizer", &Measurement::optimizer_ms,
                                                &Measurement::optimizer_wall_us, &Measurement::optimizer_gpu_us,
                                                &Measurement::optimizer_kernels,
                                                &Measurement::optimizer_host_before_wait_us};
inline constexpr PhaseColumns kPostprocessColumns{"postprocess", &Measurement::postprocess_ms,
                                                  &Measurement::postprocess_wall_us, &Measurement::postprocess_gpu_us,
                                                  &Measurement::postprocess_kernels,
                                                  &Measurement::postprocess_host_before_wait_us};

inline constexpr PhaseColumns kPhaseColumns[] = {kDataColumns,      kForwardColumns,   kLossColumns,
                                                 kBackwardColumns,  kOptimizerColumns, kPostprocessColumns};

}  // namespace graphlens::results
