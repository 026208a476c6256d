#pragma once
// One measured row: (session, family, task, phase, batch, imgsz, precision, arm, pass) and its metrics.
// Plain C++ on purpose: the GUI, the CLI and the engine all share this record (DESIGN §4/§6).
#include <optional>
#include <string>

namespace graphlens::results {

struct Measurement {
    // Identity of the row.
    std::string session_id;
    std::string family;
    std::string task;        // classify, detect, segment, other
    std::string phase;       // infer, train
    int batch = 0;
    int imgsz = 0;
    std::string precision;   // fp32, fp16, ...
    std::string arm;         // eager, graphed
    std::string pass;        // timed (CUPTI never enabled in the process) or profiled
    std::string device;      // e.g. "NVIDIA H200" or "cpu"
    std::string status;      // ok, oom, error, skipped, refused
    std::string message;     // why a row is not ok; empty when ok

    // Timing over the timed steps (host clock around the step plus a stream synchronize).
    int steps = 0;
    std::optional<double> step_ms_median;
    std::optional<double> step_ms_min;
    std::optional<double> step_ms_p90;
    std::optional<double> step_ms_ci_low;   // bootstrap 95% interval of the median
    std::optional<double> step_ms_ci_high;

    // Graphed rows only: eager median / graphed median, with a bootstrap 95% interval.
    std::optional<double> speedup;
    std::optional<double> speedup_ci_low;
    std::optional<double> speedup_ci_high;

    // Memory and graph cost.
    std::optional<double> vram_peak_allocated_mb;
    std::optional<double> vram_peak_reserved_mb;
    std::optional<double> vram_delta_reserved_mb;  // graphed minus eager, on graphed rows
    std::optional<double> graph_pool_mb;
    // cudaMemGetInfo at the end of the arm's warm-up: everything on the device, including what the
    // caching allocator does not see (CUDA context, cuBLAS/cuDNN workspaces, other processes).
    std::optional<double> device_used_mb;
    std::optional<double> device_outside_allocator_mb;  // device_used minus the allocator's reserved bytes
    std::optional<double> capture_ms;
    std::optional<double> replays;
    std::optional<double> break_even_replays;      // capture cost / per-step saving

    // Profiled-pass metrics (absent until the profiler fills them).
    std::optional<double> launches;
    std::optional<double> graph_launches;
    std::optional<double> kernels;
    std::optional<double> launch_cpu_us;
    std::optional<double> gpu_busy_us;
    std::optional<double> gpu_idle_pct;
    std::optional<double> network_fraction;
    std::optional<double> speedup_ceiling;          // 1 / (1 - network_fraction)
    std::optional<double> launch_delay_us_median;   // kernel start - end of its launch call (eager)
    std::optional<double> launch_delay_us_p90;
    // Per-phase medians from the profiled pass (NVTX phases; absent when the step has no such phase).
    std::optional<double> data_wall_us;
    std::optional<double> data_gpu_us;
    std::optional<double> forward_wall_us;
    std::optional<double> forward_gpu_us;
    std::optional<double> loss_wall_us;
    std::optional<double> loss_gpu_us;
    std::optional<double> backward_wall_us;
    std::optional<double> backward_gpu_us;
    std::optional<double> optimizer_wall_us;
    std::optional<double> optimizer_gpu_us;
    std::optional<double> postprocess_wall_us;
    std::optional<double> postprocess_gpu_us;
    std::optional<double> discarded_records;        // malformed CUPTI records left out of the metrics
    std::optional<double> profiler_overhead_pct;    // profiled step time vs timed step time

    bool operator==(const Measurement&) const = default;
};

}  // namespace graphlens::results
