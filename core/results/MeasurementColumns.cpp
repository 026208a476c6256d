#include "results/MeasurementColumns.h"

#include <array>
#include <charconv>
#include <cmath>
#include <type_traits>

namespace graphlens::results {
namespace {

using M = Measurement;

constexpr std::array kColumns{
    MeasurementColumn{"session_id", &M::session_id, "session this row belongs to"},
    MeasurementColumn{"graphlens_version", &M::graphlens_version, "version of the GraphLens that measured the row"},
    MeasurementColumn{"build_type", &M::build_type, "CMake build type of that GraphLens (Release, Debug, ...; \"Debug\" or \"... (unoptimised)\": figures not representative); empty in files written before it was recorded"},
    MeasurementColumn{"family", &M::family, "model family (e.g. resnet18) or TorchScript file name"},
    MeasurementColumn{"task", &M::task, "classify, detect, segment or other"},
    MeasurementColumn{"phase", &M::phase, "infer or train"},
    MeasurementColumn{"batch", &M::batch, "images per step"},
    MeasurementColumn{"imgsz", &M::imgsz, "square input size in pixels"},
    MeasurementColumn{"precision", &M::precision, "fp32 or fp16 (weights and inputs)"},
    MeasurementColumn{"memory_format", &M::memory_format, "nchw or channels_last: the layout of the network and the batch"},
    MeasurementColumn{"scope", &M::scope, "step (upload + network + postprocess, what a predict call does) or network (the network alone)"},
    MeasurementColumn{"jit", &M::jit, "TorchScript files: fuse (the TorchScript executor with its fuser) or off (op by op); aoti for an AOTInductor package; empty for built-in families"},
    MeasurementColumn{"arm", &M::arm, "eager or graphed"},
    MeasurementColumn{"pass", &M::pass, "timed (CUPTI never enabled in that process) or profiled"},
    MeasurementColumn{"device", &M::device, "GPU name, or cpu"},
    MeasurementColumn{"host", &M::host, "host name of the machine that measured the row (a merged fleet session holds many)"},
    MeasurementColumn{"gpu_uuid", &M::gpu_uuid, "UUID of the GPU that measured the row (GPU-... or MIG-...); empty on the CPU"},
    MeasurementColumn{"status", &M::status, "ok, oom (out of memory), error, skipped or refused (graphs refused: the parity check failed)"},
    MeasurementColumn{"message", &M::message, "why the row is not ok; empty when ok"},
    MeasurementColumn{"graph_mode", &M::graph_mode, "graphed rows: on (captured before timing) or auto (captured on the third sighting of the shape)"},
    MeasurementColumn{"parity", &M::parity, "graphed rows: bit-exact, mismatch <max abs diff> or capture error (checked on this network before timing)"},
    MeasurementColumn{"eager_fallbacks", &M::eager_fallbacks, "graphed rows: steps of this arm that ran eagerly (auto's first sightings of the shape)"},
    MeasurementColumn{"steps", &M::steps, "timed steps behind the statistics"},
    MeasurementColumn{"step_ms_median", &M::step_ms_median, "median wall time of one step, ms"},
    MeasurementColumn{"step_ms_min", &M::step_ms_min, "fastest step, ms"},
    MeasurementColumn{"step_ms_p90", &M::step_ms_p90, "90th percentile step, ms"},
    MeasurementColumn{"step_ms_ci_low", &M::step_ms_ci_low, "bootstrap 95% interval of the median, low end"},
    MeasurementColumn{"step_ms_ci_high", &M::step_ms_ci_high, "bootstrap 95% interval of the median, high end"},
    MeasurementColumn{"rounds", &M::rounds, "rounds of alternating arm blocks; the median is the median of round medians"},
    MeasurementColumn{"step_ms_round_spread_pct", &M::step_ms_round_spread_pct, "100 * (slowest - fastest round median) / median of round medians"},
    MeasurementColumn{"step_ms_iqr_pct", &M::step_ms_iqr_pct, "largest within-round interquartile range / median, percent"},
    MeasurementColumn{"speedup", &M::speedup, "graphed rows: eager median / graphed median"},
    MeasurementColumn{"speedup_ci_low", &M::speedup_ci_low, "bootstrap 95% interval of the speedup, low end"},
    MeasurementColumn{"speedup_ci_high", &M::speedup_ci_high, "bootstrap 95% interval of the speedup, high end"},
    MeasurementColumn{"vram_peak_allocated_mb", &M::vram_peak_allocated_mb, "peak bytes held by tensors in this arm, MiB"},
    MeasurementColumn{"vram_peak_reserved_mb", &M::vram_peak_reserved_mb, "peak bytes reserved by the caching allocator in this arm, MiB"},
    MeasurementColumn{"vram_delta_reserved_mb", &M::vram_delta_reserved_mb, "graphed rows: steady-state peak reserved minus the eager arm's steady state, MiB"},
    MeasurementColumn{"graph_pool_mb", &M::graph_pool_mb, "memory the graph's private pool holds, MiB"},
    MeasurementColumn{"device_used_mb", &M::device_used_mb, "cudaMemGetInfo used memory after the arm's warm-up (whole device: context, libraries, allocator), MiB"},
    MeasurementColumn{"device_outside_allocator_mb", &M::device_outside_allocator_mb, "device_used_mb minus the allocator's reserved memory: what torch's allocator does not see, MiB"},
    MeasurementColumn{"capture_ms", &M::capture_ms, "wall time of warm-up on the side stream plus capture, ms"},
    MeasurementColumn{"replays", &M::replays, "graph replays in this arm (warm-up and timed)"},
    MeasurementColumn{"break_even_replays", &M::break_even_replays, "capture_ms / (eager median - graphed median)"},
    MeasurementColumn{"data_ms", &M::data_ms, "phase pass: upload of the pinned batch to the device, median ms"},
    MeasurementColumn{"forward_ms", &M::forward_ms, "phase pass: network forward (the replay in the graphed arm), median ms"},
    MeasurementColumn{"loss_ms", &M::loss_ms, "phase pass: loss and label assignment, median ms"},
    MeasurementColumn{"backward_ms", &M::backward_ms, "phase pass: network backward, median ms"},
    MeasurementColumn{"optimizer_ms", &M::optimizer_ms, "phase pass: optimizer step, median ms"},
    MeasurementColumn{"postprocess_ms", &M::postprocess_ms, "phase pass: postprocess (top-5, decode, NMS), median ms"},
    MeasurementColumn{"replay_ms", &M::replay_ms, "phase pass, training step scope, graphed arm: forward, loss, backward and optimizer as one graph replay, median ms"},
    MeasurementColumn{"data_alone_ms", &M::data_alone_ms, "phase pass, eager arm: the data phase repeated on its own (no network between, as between replays), median ms"},
    MeasurementColumn{"launches", &M::launches, "kernel launch API calls per step (profiled pass)"},
    MeasurementColumn{"graph_launches", &M::graph_launches, "graph launches per step (profiled pass)"},
    MeasurementColumn{"kernels", &M::kernels, "kernels executed per step (profiled pass)"},
    MeasurementColumn{"launch_cpu_us", &M::launch_cpu_us, "CPU time inside launch calls per step, us"},
    MeasurementColumn{"gpu_busy_us", &M::gpu_busy_us, "union of kernel, memcpy and memset intervals per step (profiled pass), us"},
    MeasurementColumn{"gpu_idle_pct", &M::gpu_idle_pct, "100 * (1 - gpu_busy / timed step median), never below 0"},
    MeasurementColumn{"network_fraction", &M::network_fraction, "phase pass: network phases (forward, backward) / all phases of the eager step"},
    MeasurementColumn{"speedup_ceiling", &M::speedup_ceiling, "1 / (1 - network_fraction): the most removing network cost can buy"},
    MeasurementColumn{"captured_share", &M::captured_share, "phase pass, training split at a seam: the captured part's forward and backward / all phases of the eager step"},
    MeasurementColumn{"network_gpu_fraction", &M::network_gpu_fraction, "profiled pass: GPU time of work launched in the network phases / all GPU time of the step"},
    MeasurementColumn{"launch_delay_us_median", &M::launch_delay_us_median, "median of kernel start minus end of its launch call, us"},
    MeasurementColumn{"launch_delay_us_p90", &M::launch_delay_us_p90, "90th percentile launch delay, us"},
    MeasurementColumn{"data_wall_us", &M::data_wall_us, "host-to-device copy of the batch: host time per step (profiled pass), us"},
    MeasurementColumn{"data_gpu_us", &M::data_gpu_us, "host-to-device copy of the batch: union of its kernels per step (profiled pass), us"},
    MeasurementColumn{"forward_wall_us", &M::forward_wall_us, "network forward: host time per step (profiled pass), us"},
    MeasurementColumn{"forward_gpu_us", &M::forward_gpu_us, "network forward: union of its kernels per step (profiled pass), us"},
    MeasurementColumn{"loss_wall_us", &M::loss_wall_us, "loss and label assignment: host time per step (profiled pass), us"},
    MeasurementColumn{"loss_gpu_us", &M::loss_gpu_us, "loss and label assignment: union of its kernels per step (profiled pass), us"},
    MeasurementColumn{"backward_wall_us", &M::backward_wall_us, "network backward: host time per step (profiled pass), us"},
    MeasurementColumn{"backward_gpu_us", &M::backward_gpu_us, "network backward: union of its kernels per step (profiled pass), us"},
    MeasurementColumn{"optimizer_wall_us", &M::optimizer_wall_us, "optimizer step: host time per step (profiled pass), us"},
    MeasurementColumn{"optimizer_gpu_us", &M::optimizer_gpu_us, "optimizer step: union of its kernels per step (profiled pass), us"},
    MeasurementColumn{"postprocess_wall_us", &M::postprocess_wall_us, "postprocess (decode, NMS): host time per step (profiled pass), us"},
    MeasurementColumn{"postprocess_gpu_us", &M::postprocess_gpu_us, "postprocess (decode, NMS): union of its kernels per step (profiled pass), us"},
    MeasurementColumn{"postprocess_host_before_wait_us", &M::postprocess_host_before_wait_us, "postprocess: host time from its start to its first wait for the GPU (a synchronize or copy call) per step (profiled pass), us"},
    MeasurementColumn{"loss_host_before_wait_us", &M::loss_host_before_wait_us, "loss: host time from its start to its first wait for the GPU (a synchronize or copy call) per step (profiled pass), us"},
    MeasurementColumn{"loss_backward_wall_us", &M::loss_backward_wall_us, "training (not split at a seam): the loss's own backward, from the moment autograd's engine reaches the loss to the first gradient reaching the network's output, host time per step (profiled pass), us"},
    MeasurementColumn{"optimizer_host_before_wait_us", &M::optimizer_host_before_wait_us, "optimizer step: host time from its start to its first wait for the GPU (a synchronize or copy call) per step (profiled pass), us"},
    MeasurementColumn{"discarded_records", &M::discarded_records, "malformed CUPTI records left out of the metrics"},
    MeasurementColumn{"profiler_overhead_pct", &M::profiler_overhead_pct, "profiled step time (API calls recorded, no GPU records) vs the same steps timed just before the window in the same process, percent"},
    MeasurementColumn{"profiler_overhead_ci_low", &M::profiler_overhead_ci_low, "bootstrap 95% interval of profiler_overhead_pct, low end"},
    MeasurementColumn{"profiler_overhead_ci_high", &M::profiler_overhead_ci_high, "bootstrap 95% interval of profiler_overhead_pct, high end"},
    MeasurementColumn{"unprofiled_step_ms", &M::unprofiled_step_ms, "profiled rows: median of the steps timed just before the window, no CUPTI window open, ms"},
    MeasurementColumn{"gpu_records_step_ms", &M::gpu_records_step_ms, "profiled rows: median step time of the window that also records kernels and copies, ms"},
    MeasurementColumn{"gpu_records_overhead_pct", &M::gpu_records_overhead_pct, "that window's step time vs the same steps timed just before it in its process, percent"},
    MeasurementColumn{"gpu_records_overhead_ci_low", &M::gpu_records_overhead_ci_low, "bootstrap 95% interval of gpu_records_overhead_pct, low end"},
    MeasurementColumn{"gpu_records_overhead_ci_high", &M::gpu_records_overhead_ci_high, "bootstrap 95% interval of gpu_records_overhead_pct, high end"},
    MeasurementColumn{"data_kernels", &M::data_kernels, "kernels issued in the upload per step (profiled pass, GPU records)"},
    MeasurementColumn{"forward_kernels", &M::forward_kernels, "kernels issued in the network forward per step (profiled pass, GPU records)"},
    MeasurementColumn{"loss_kernels", &M::loss_kernels, "kernels issued in the loss per step (profiled pass, GPU records)"},
    MeasurementColumn{"backward_kernels", &M::backward_kernels, "kernels issued in the network backward per step (profiled pass, GPU records)"},
    MeasurementColumn{"optimizer_kernels", &M::optimizer_kernels, "kernels issued in the optimizer step per step (profiled pass, GPU records)"},
    MeasurementColumn{"postprocess_kernels", &M::postprocess_kernels, "kernels issued in the postprocess per step (profiled pass, GPU records)"},
    MeasurementColumn{"captured_ms", &M::captured_ms, "phase pass, training split at a seam: the captured part's forward and backward, median ms"},
    MeasurementColumn{"captured_wall_us", &M::captured_wall_us, "training split at a seam: the captured part's host time per step (profiled pass), us"},
    MeasurementColumn{"captured_gpu_us", &M::captured_gpu_us, "training split at a seam: union of the captured part's kernels per step (profiled pass), us"},
    MeasurementColumn{"captured_kernels", &M::captured_kernels, "training split at a seam: the captured part's kernels per step (profiled pass)"},
    MeasurementColumn{"predicted_graphed_ms", &M::predicted_graphed_ms, "advisor: graphed step predicted from the eager arm alone (no capture) = predicted_eager_rest_ms + region replay, ms"},
    MeasurementColumn{"predicted_speedup", &M::predicted_speedup, "advisor: eager step median / predicted_graphed_ms"},
    MeasurementColumn{"prediction_error_pct", &M::prediction_error_pct, "advisor: 100 * (predicted_graphed_ms - measured graphed median) / measured graphed median"},
    MeasurementColumn{"predicted_region_eager_ms", &M::predicted_region_eager_ms, "advisor: eager wall time of the part the graph replaces (phase pass), ms"},
    MeasurementColumn{"predicted_region_gpu_ms", &M::predicted_region_gpu_ms, "advisor: GPU time of that part's kernels (profiled pass), ms"},
    MeasurementColumn{"predicted_replay_gaps_ms", &M::predicted_replay_gaps_ms, "advisor: that part's kernel count times the device's gap between kernels in a replay (calibration), ms"},
    MeasurementColumn{"predicted_replay_host_ms", &M::predicted_replay_host_ms, "advisor: host cost of one replay on the device: graph launch, static-input copy, synchronize (calibration), ms"},
    MeasurementColumn{"predicted_eager_rest_ms", &M::predicted_eager_rest_ms, "advisor: the part of the eager step that stays eager in the graphed arm, ms"},
    MeasurementColumn{"advice", &M::advice, "advisor: launch-bound (graphs help), GPU-bound (graphs will not help) or mixed; or why there is no prediction"},
    MeasurementColumn{"explain_saved_ms", &M::explain_saved_ms, "graphed rows: eager minus graphed step, one profiled step of each arm (median step of the GPU-records window), ms"},
    MeasurementColumn{"explain_gpu_idle_ms", &M::explain_gpu_idle_ms, "graphed rows: GPU idle between the captured part's kernels that the replay removed, ms"},
    MeasurementColumn{"explain_host_launch_ms", &M::explain_host_launch_ms, "graphed rows: host launch calls no longer made, where GPU work did not hide them, ms"},
    MeasurementColumn{"explain_kernel_time_ms", &M::explain_kernel_time_ms, "graphed rows: kernels, copies and synchronizations that changed between the arms, ms"},
    MeasurementColumn{"explain_replay_cost_ms", &M::explain_replay_cost_ms, "graphed rows: the replay's own cost (graph launch, prologue kernels), a negative saving, ms"},
    MeasurementColumn{"explain_unexplained_ms", &M::explain_unexplained_ms, "graphed rows: what the terms above do not account for, ms"},
    MeasurementColumn{"kernel_alignment", &M::kernel_alignment, "graphed rows: whether the replay runs the eager kernels in the same order, or the first mismatch"},
    MeasurementColumn{"seam", &M::seam, "inference rows of a family split at a seam: where the split is (the graph replaces only part of forward); empty when the whole network is captured"},
    MeasurementColumn{"refusal_kind", &M::refusal_kind, "refused graphed rows: capture-failed, mismatch, random-draws (replays draw new numbers by design) or state-across-calls"},
    MeasurementColumn{"refusal_call", &M::refusal_call, "refused graphed rows: the first CUDA API call that failed during the capture attempt, its error and the thread that made it"},
    MeasurementColumn{"refusal_op", &M::refusal_op, "refused graphed rows: the ATen operator in progress when the capture broke (outer > inner)"},
    MeasurementColumn{"refusal_module", &M::refusal_module, "refused graphed rows: the module that broke the capture, or the first whose replayed output differs from eager"},
    MeasurementColumn{"refusal_advice", &M::refusal_advice, "refused graphed rows: what to do about it (move a .item() out of forward, create tensors on x.device, split here)"},
};

std::string formatDouble(double value) {
    std::array<char, 64> buffer{};
    auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc{} ? std::string(buffer.data(), end) : std::string{};
}

template <typename T>
std::string parseNumber(std::string_view text, T& out) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        return "expected a number, got '" + std::string(text) + "'";
    }
    return {};
}

}  // namespace

std::span<const MeasurementColumn> measurementColumns() { return kColumns; }

std::string formatCell(const Measurement& m, const MeasurementColumn& column) {
    return std::visit(
        [&](auto member) -> std::string {
            const auto& value = m.*member;
            using V = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<V, std::string>) {
                return value;
            } else if constexpr (std::is_same_v<V, int>) {
                return std::to_string(value);
            } else {
                return value && std::isfinite(*value) ? formatDouble(*value) : std::string{};
            }
        },
        column.field);
}

std::string parseCell(Measurement& m, const MeasurementColumn& column, std::string_view text) {
    return std::visit(
        [&](auto member) -> std::string {
            auto& value = m.*member;
            using V = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<V, std::string>) {
                value = std::string(text);
                return {};
            } else if constexpr (std::is_same_v<V, int>) {
                return parseNumber(text, value);
            } else {
                if (text.empty()) {
                    value.reset();
                    return {};
                }
                double parsed = 0;
                auto error = parseNumber(text, parsed);
                if (error.empty()) value = parsed;
                return error;
            }
        },
        column.field);
}

}  // namespace graphlens::results
