#pragma once
// One measured row: (session, family, task, phase, batch, imgsz, precision, arm, pass) and its metrics.
// Plain C++ on purpose: the GUI, the CLI and the engine all share this record (DESIGN §4/§6).
#include <optional>
#include <string>

namespace graphlens::results {

struct Measurement {
    // Identity of the row.
    std::string session_id;
    std::string graphlens_version;  // the GraphLens that measured the row: the project's version
    // Its CMake build type ("Release", "Debug", ...; results/BuildType.h): a Debug engine runs its own
    // code unoptimised and its figures are not representative. Empty in rows written before it was kept.
    std::string build_type;
    std::string family;
    std::string task;        // classify, detect, segment, other
    std::string phase;       // infer, train
    int batch = 0;
    int imgsz = 0;
    std::string precision;   // fp32, fp16, ...
    std::string memory_format;  // nchw or channels_last (network and batch converted outside the step)
    std::string scope;       // step (upload + network + postprocess) or network (the network alone)
    std::string jit;         // TorchScript families: fuse (executor and fuser) or off; empty for built-ins
    // Inference rows of a family split at a seam: where (the graph replaces only part of forward).
    // Empty when the whole network is captured.
    std::string seam;
    std::string arm;         // eager, graphed
    std::string pass;        // timed (CUPTI never enabled in the process) or profiled
    std::string device;      // e.g. "NVIDIA H200" or "cpu"
    // The machine that measured the row, so rows merged from many hosts and GPUs keep their own:
    // its host name and the GPU's UUID ("GPU-…", "MIG-…"; empty on the CPU).
    std::string host;
    std::string gpu_uuid;
    std::string status;      // ok, oom, error, skipped, refused
    std::string message;     // why a row is not ok; empty when ok
    // Graphed rows: the runner's mode (on, auto) and the DESIGN §5 parity check run on this very
    // network before timing: bit-exact, "mismatch <max abs diff>" or "capture error".
    std::string graph_mode;
    std::string parity;
    std::optional<double> eager_fallbacks;  // graphed arm: steps that ran eagerly (auto's first sightings)

    // Timing over the timed steps (host clock around the step plus a stream synchronize).
    int steps = 0;
    std::optional<double> step_ms_median;
    std::optional<double> step_ms_min;
    std::optional<double> step_ms_p90;
    std::optional<double> step_ms_ci_low;   // bootstrap 95% interval of the median
    std::optional<double> step_ms_ci_high;
    // Rounds: the arms alternate in blocks inside each of `rounds` rounds; step_ms_median is the median
    // of the round medians and the interval is bootstrapped over rounds.
    std::optional<double> rounds;
    std::optional<double> step_ms_round_spread_pct;  // 100 * (max - min of round medians) / their median
    std::optional<double> step_ms_iqr_pct;           // largest within-round IQR / median, percent

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

    // Phase pass (timed process, no profiler): the step again with a stream synchronize at every
    // phase boundary; medians per phase, ms. network_fraction comes from these (eager arm's phases).
    std::optional<double> data_ms;
    std::optional<double> forward_ms;
    std::optional<double> loss_ms;
    std::optional<double> backward_ms;
    std::optional<double> optimizer_ms;
    std::optional<double> postprocess_ms;
    std::optional<double> replay_ms;  // training step scope, graphed: the whole step as one replay
    // Eager arm: the data phase again, repeated on its own with no network between, as the graphed arm
    // runs it between replays that leave the host's caches to it; the advisor's data time there.
    std::optional<double> data_alone_ms;

    // Profiled-pass metrics (absent until the profiler fills them).
    std::optional<double> launches;
    std::optional<double> graph_launches;
    std::optional<double> kernels;
    std::optional<double> launch_cpu_us;
    std::optional<double> gpu_busy_us;
    std::optional<double> gpu_idle_pct;
    std::optional<double> network_fraction;         // phase pass: network phases / all phases, eager step
    std::optional<double> speedup_ceiling;          // 1 / (1 - network_fraction)
    std::optional<double> captured_share;           // phase pass, seam split: captured part / all phases, eager step
    std::optional<double> network_gpu_fraction;     // profiled: GPU time of network-phase work / all GPU time
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
    std::optional<double> postprocess_host_before_wait_us;  // profiled pass (API calls): host time before its first wait
    std::optional<double> loss_host_before_wait_us;         // the same for the loss (training)
    std::optional<double> optimizer_host_before_wait_us;    // the same for the optimizer step (training)
    std::optional<double> loss_backward_wall_us;            // profiled pass: the loss's own backward, host time (training)
    std::optional<double> discarded_records;        // malformed CUPTI records left out of the metrics
    std::optional<double> profiler_overhead_pct;    // profiled step time (API calls alone) vs the same step unprofiled
    std::optional<double> profiler_overhead_ci_low; // bootstrap 95% interval of profiler_overhead_pct
    std::optional<double> profiler_overhead_ci_high;
    std::optional<double> unprofiled_step_ms;       // profiled rows: the same steps timed just before the window
    std::optional<double> gpu_records_step_ms;      // profiled rows: step median of the window that records GPU work
    std::optional<double> gpu_records_overhead_pct; // that step median vs timed step time
    std::optional<double> gpu_records_overhead_ci_low;  // its bootstrap 95% interval (in its own process)
    std::optional<double> gpu_records_overhead_ci_high;

    // Kernels per step issued inside each phase (profiled pass, window with GPU records; median count).
    std::optional<double> data_kernels;
    std::optional<double> forward_kernels;
    std::optional<double> loss_kernels;
    std::optional<double> backward_kernels;
    std::optional<double> optimizer_kernels;
    std::optional<double> postprocess_kernels;
    // A training step split at a seam: its captured part (captured_forward plus captured_backward).
    std::optional<double> captured_ms;          // phase pass, median ms
    std::optional<double> captured_wall_us;     // profiled pass: host time per step, us
    std::optional<double> captured_gpu_us;      // profiled pass: union of its kernels per step, us
    std::optional<double> captured_kernels;     // profiled pass: kernels per step

    // The advisor (core/advisor): the graphed step predicted from the eager arm's figures alone and
    // the replay calibration of the device, with the terms it is the sum of. On the eager row and on
    // the graphed row of the same configuration; prediction_error_pct only where both were measured.
    std::optional<double> predicted_graphed_ms;     // predicted_eager_rest_ms + the region's replay
    std::optional<double> predicted_speedup;        // eager step median / predicted_graphed_ms
    std::optional<double> prediction_error_pct;     // 100 * (predicted - measured) / measured graphed median
    std::optional<double> predicted_region_eager_ms;  // the eager wall time of what the graph replaces
    std::optional<double> predicted_region_gpu_ms;    // its kernels' GPU time
    std::optional<double> predicted_replay_gaps_ms;   // its kernel count times the replay's gap per kernel
    std::optional<double> predicted_replay_host_ms;   // one replay's host cost (launch, input copy, synchronize)
    std::optional<double> predicted_eager_rest_ms;    // the part of the step that stays eager
    std::string advice;  // launch-bound: graphs help, GPU-bound: graphs will not help, or mixed; why not, when absent

    // Where the saved time went (graphed rows): one profiled step of each arm (the window with GPU
    // records, median step), eager step minus graphed step split into terms that add up to it.
    std::optional<double> explain_saved_ms;          // eager step - graphed step of those two steps
    std::optional<double> explain_gpu_idle_ms;       // GPU idle between the region's kernels removed
    std::optional<double> explain_host_launch_ms;    // host launch calls no longer made (not hidden by GPU work)
    std::optional<double> explain_kernel_time_ms;    // kernels, copies and synchronizations that changed
    std::optional<double> explain_replay_cost_ms;    // the replay's own cost (graph launch, prologue), negative
    std::optional<double> explain_unexplained_ms;    // the rest: never hidden
    std::string kernel_alignment;  // "62 of 62 kernels in the same order", or the first mismatch

    // Refused graphed rows (capture forensics, graphs/CaptureDiagnosis.h): why the graph was refused,
    // found by re-running the capture attempt with every CUDA API call's return code recorded and the
    // ATen operator and TorchScript module in progress noted, or by bisecting a replay mismatch over
    // the model's module chain. Empty on rows that were not refused, and where the diagnosis could
    // not run (no CUPTI): the message then still says what the check found.
    std::string refusal_kind;    // capture-failed, mismatch, random-draws, state-across-calls
    std::string refusal_call;    // the first CUDA call that failed during capture, its error and thread
    std::string refusal_op;      // the ATen operator in progress ("aten::nonzero"), innermost last
    std::string refusal_module;  // the module that issued it or whose output first differs ("head.nms")
    std::string refusal_advice;  // what to do about it, one sentence

    bool operator==(const Measurement&) const = default;
};

}  // namespace graphlens::results
