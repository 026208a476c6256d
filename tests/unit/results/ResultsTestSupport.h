#pragma once
// Shared fixtures for the results-layer tests: sample rows and a self-cleaning temp folder.
#include "results/Measurement.h"
#include "results/ResultsError.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace graphlens::results::testing {

// Every field set, with values whose shortest text form is not trivial. The JSON test checks that
// this row has a key for every column, so a new column must be set here too.
inline Measurement fullRow() {
    Measurement m;
    m.session_id = "20261129-071728-4f2a";
    m.graphlens_version = "0.1.0";
    m.build_type = "RelWithDebInfo";
    m.family = "resnet18";
    m.task = "classify";
    m.phase = "infer";
    m.batch = 32;
    m.imgsz = 224;
    m.precision = "fp16";
    m.memory_format = "channels_last";
    m.scope = "network";
    m.jit = "fuse";
    m.arm = "graphed";
    m.pass = "timed";
    m.device = "NVIDIA H200";
    m.host = "gpu-node-07";
    m.gpu_uuid = "GPU-5b9c2f6e-0c1d-4e2a-9f3b-7a8d6e5c4b3a";
    m.status = "ok";
    m.message = "";
    m.graph_mode = "auto";
    m.parity = "mismatch 0.001953125";
    m.eager_fallbacks = 2;
    m.steps = 24;
    m.step_ms_median = 1.2345678901234567;
    m.step_ms_min = 0.1;
    m.step_ms_p90 = 1e-7;
    m.step_ms_ci_low = 1.2;
    m.step_ms_ci_high = 1.3;
    m.rounds = 3;
    m.step_ms_round_spread_pct = 14.285714285714286;
    m.step_ms_iqr_pct = 0.3;
    m.speedup = 2.0 / 3.0;
    m.speedup_ci_low = 0.6;
    m.speedup_ci_high = 0.7;
    m.vram_peak_allocated_mb = 1234.5;
    m.vram_peak_reserved_mb = 2048;
    m.vram_delta_reserved_mb = -12.25;
    m.graph_pool_mb = 64;
    m.device_used_mb = 1536.75;
    m.device_outside_allocator_mb = 511.5;
    m.capture_ms = 35.75;
    m.replays = 29;
    m.break_even_replays = 1.5e6;
    m.data_ms = 0.0625;
    m.forward_ms = 1.0999999999999999;
    m.loss_ms = 0.03125;
    m.backward_ms = 2.25;
    m.optimizer_ms = 0.5;
    m.postprocess_ms = 0.1875;
    m.data_alone_ms = 0.046875;
    m.replay_ms = 2.375;
    m.launches = 152;
    m.graph_launches = 1;
    m.kernels = 148;
    m.launch_cpu_us = 812.125;
    m.gpu_busy_us = 1100.5;
    m.gpu_idle_pct = 3.0625;
    m.network_fraction = 0.875;
    m.speedup_ceiling = 8.0;
    m.captured_share = 0.4;
    m.network_gpu_fraction = 0.9375;
    m.launch_delay_us_median = 2.5;
    m.launch_delay_us_p90 = 3.25;
    m.data_wall_us = 1.5;
    m.data_gpu_us = 0.25;
    m.forward_wall_us = 412.125;
    m.forward_gpu_us = 398.5;
    m.loss_wall_us = 3.75;
    m.loss_gpu_us = 2.5;
    m.backward_wall_us = 801.0;
    m.backward_gpu_us = 790.25;
    m.optimizer_wall_us = 55.5;
    m.optimizer_gpu_us = 40.0;
    m.postprocess_wall_us = 20.125;
    m.postprocess_gpu_us = 9.5;
    m.postprocess_host_before_wait_us = 7.5;
    m.loss_host_before_wait_us = 1.25;
    m.optimizer_host_before_wait_us = 30.5;
    m.loss_backward_wall_us = 187.25;
    m.discarded_records = 2;
    m.profiler_overhead_pct = 12.5;
    m.profiler_overhead_ci_low = 9.75;
    m.profiler_overhead_ci_high = 15.5;
    m.unprofiled_step_ms = 1.0625;
    m.gpu_records_step_ms = 1.375;
    m.gpu_records_overhead_pct = 31.25;
    m.gpu_records_overhead_ci_low = 12.5;
    m.gpu_records_overhead_ci_high = 40.75;
    m.data_kernels = 1;
    m.forward_kernels = 62;
    m.loss_kernels = 7;
    m.backward_kernels = 121;
    m.optimizer_kernels = 4;
    m.postprocess_kernels = 3;
    m.captured_ms = 1.875;
    m.captured_wall_us = 912.25;
    m.captured_gpu_us = 640.5;
    m.captured_kernels = 90;
    m.predicted_graphed_ms = 0.4375;
    m.predicted_speedup = 2.8215;
    m.prediction_error_pct = -3.125;
    m.predicted_region_eager_ms = 1.0999999999999999;
    m.predicted_region_gpu_ms = 0.3985;
    m.predicted_replay_gaps_ms = 0.062;
    m.predicted_replay_host_ms = 0.0115;
    m.predicted_eager_rest_ms = 0.25;
    m.advice = "launch-bound: graphs help";
    m.explain_saved_ms = 0.8125;
    m.explain_gpu_idle_ms = 0.5;
    m.explain_host_launch_ms = 0.25;
    m.explain_kernel_time_ms = 0.03125;
    m.explain_replay_cost_ms = -0.015625;
    m.explain_unexplained_ms = 0.046875;
    m.kernel_alignment = "62 of 62 kernels in the same order";
    m.refusal_kind = "capture-failed";
    m.refusal_call = "cudaStreamSynchronize: operation not permitted when stream is capturing, \"quoted\", on the capturing thread";
    m.refusal_op = "aten::nonzero";
    m.refusal_module = "head.nms";
    m.refusal_advice = "run this part eagerly after the graph: split before head.nms";
    return m;
}

// An error row: identity and status only, every optional absent.
inline Measurement sparseRow() {
    Measurement m;
    m.session_id = "s1";
    m.family = "vit_b_16";
    m.task = "classify";
    m.phase = "infer";
    m.batch = 1;
    m.imgsz = 0;
    m.precision = "fp32";
    m.arm = "eager";
    m.pass = "timed";
    m.device = "cpu";
    m.status = "oom";
    m.message = "CUDA out of memory";
    return m;
}

// A fresh, unique folder under the system temp directory, removed with everything in it.
class TempDir {
public:
    TempDir() {
        static std::atomic<int> counter{0};
        std::random_device entropy;
        const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
        path_ = std::filesystem::temp_directory_path() /
                ("graphlens-results-test-" + std::to_string(::getpid()) + "-" +
                 std::to_string(stamp) + "-" + std::to_string(entropy()) + "-" +
                 std::to_string(counter++));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                     std::filesystem::perm_options::add, ignored);
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

    // Names of everything directly inside the folder, sorted.
    std::vector<std::string> entries() const {
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(path_)) {
            names.push_back(entry.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        return names;
    }

private:
    std::filesystem::path path_;
};

inline void writeBytes(const std::filesystem::path& path, const std::string& bytes,
                       std::ios::openmode mode = std::ios::trunc) {
    std::ofstream out(path, std::ios::binary | mode);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string readBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream contents;
    contents << in.rdbuf();
    return contents.str();
}

// what() of the ResultsError thrown by `action`; fails the test if something else happens.
template <typename F>
std::string resultsErrorOf(F&& action) {
    try {
        action();
    } catch (const ResultsError& error) {
        return error.what();
    }
    return "<no ResultsError thrown>";
}

}  // namespace graphlens::results::testing
