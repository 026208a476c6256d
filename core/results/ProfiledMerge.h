#pragma once
// Joins the profiled pass (CUPTI, its own process) onto the timed rows (DESIGN §2: profiling perturbs
// timing, so the two passes run apart and meet here). Plain C++ so the CLI, the worker and the GUI
// (which may open the two passes' rows from files) merge the same way.
#include "results/Measurement.h"

#include <optional>
#include <vector>

namespace graphlens::results {

// The same configuration measured by both passes: session_id, family, task, phase, batch, imgsz,
// precision, memory_format, scope, jit and arm. Not pass (that is what differs), not device (the
// name is the same GPU either way) and not status (a failed profiled row still matches its timed one).
bool sameRowIdentity(const Measurement& a, const Measurement& b);

// Profiled step time against timed step time, percent: what CUPTI costs. Absent when either is
// absent or the timed median is not positive.
std::optional<double> profilerOverheadPct(std::optional<double> profiledMs, std::optional<double> timedMs);

// 100 * (1 - busy / step), busy in us and the TIMED step median in ms, clamped to [0, 100]. The timed
// median, never the profiled span: CUPTI inflates the span and would make the GPU look idle. Busy
// above the step (the union counts work that overlaps the next step's launch) gives 0. Absent when
// either input is absent or the median is not positive.
std::optional<double> gpuIdlePct(std::optional<double> gpuBusyUs,
                                 std::optional<double> timedStepMedianMs);

// The profiled pass runs twice, each run in a process of its own (profiler::CuptiRecords): `calls`
// rows come from windows that record API calls alone, `full` rows from windows that also record the
// kernels and copies the GPU ran, whose activity tracing slows the host by far more. One row per
// identity comes back, in the order of `calls`:
// - both ok: the calls row (status, steps, step times, launches, graph launches, launch CPU, the
//   *_wall_us phase columns) with the GPU columns of the full row (kernels, gpu_busy_us, gpu_idle_pct,
//   network_gpu_fraction, launch delays, the *_gpu_us phase columns), discarded_records of both, and
//   gpu_records_step_ms = the full row's step median, gpu_records_overhead_pct = its in-process overhead;
// - calls ok, full not ok or missing: the calls row, GPU columns absent (never the zeros a window
//   without GPU records computes), and why appended to its message;
// - calls failed ("error"), full ok: the full row whole, its message saying the calls window failed
//   and why (its host figures then carry activity tracing's cost);
// - otherwise (both failed, refused, a full row alone): the calls row, or the full row alone.
std::vector<Measurement> combineProfiledWindows(const std::vector<Measurement>& calls,
                                                const std::vector<Measurement>& full);

// For each profiled row and every timed row of the same identity:
// - where the profiled row does not carry them already (measured in its own process against the
//   same steps unprofiled, results/ProfilerOverhead.h; rows of older sessions do not):
//   profiled.profiler_overhead_pct = 100 * (profiled median / timed median - 1) (absent when either
//   median is absent or the timed one is not positive), and gpu_records_overhead_pct the same for
//   gpu_records_step_ms;
// - when the profiled row is ok, the profiled metrics are copied onto the timed row (launches,
//   graph_launches, kernels, launch_cpu_us, gpu_busy_us, network_gpu_fraction, launch delays, the
//   *_wall_us / *_gpu_us phase columns, discarded_records, both overheads) and
//   timed.gpu_idle_pct = gpuIdlePct(profiled busy, timed median).
// The timed row's own columns (step times, VRAM, phase pass: network_fraction, speedup_ceiling,
// *_ms) are never overwritten: they come from the process without CUPTI.
void mergeProfiledMetrics(std::vector<Measurement>& timedRows,
                          std::vector<Measurement>& profiledRows);

// One list holding both passes, as the worker streams them and its autosave keeps them (the timed
// rows go out before the profiled pass has run): every profiled row at index >= `first` is merged
// as above onto the rows of its identity that are not profiled. Merging again changes nothing.
// Returns the indexes of the rows it wrote to, ascending.
std::vector<size_t> mergeProfiledRows(std::vector<Measurement>& rows, size_t first = 0);

}  // namespace graphlens::results
