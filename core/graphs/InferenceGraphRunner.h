#pragma once
// First inference graph runner: one static input shape, one graph, its own memory pool.
// Contract: capture() -> replayIntoStaticOutput()* -> release(). The issue "graph engine" grows this
// into shape-keyed graphs with off/on/auto; keep callers on this small surface.
#include <torch/nn/modules/container/any.h>
#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <string>

namespace graphlens::graphs {

class AbortableCudaGraph;

struct CaptureStats {
    double captureMs = 0;       // side-stream warm-up + capture + instantiate, wall time
    std::int64_t poolBytes = 0; // reserved-memory growth while capturing: the graph's private pool
};

class InferenceGraphRunner {
public:
    InferenceGraphRunner(torch::nn::AnyModule network, std::string familyName);
    ~InferenceGraphRunner();
    InferenceGraphRunner(const InferenceGraphRunner&) = delete;
    InferenceGraphRunner& operator=(const InferenceGraphRunner&) = delete;

    // Warms up on a side stream (cold library workspaces allocated during capture would invalidate
    // it), then captures one forward of a static input shaped like `example`, in thread-local
    // capture mode so other threads may keep allocating pinned memory. Throws GraphCaptureError.
    CaptureStats capture(const torch::Tensor& example, int warmupIterations = 3);

    // Copies `input` into the static input and replays. The returned tree (a tensor, or tuples/
    // lists/dicts of them, see ModuleForward.h) is the graph's static output: the next replay
    // overwrites it, so clone it to keep it.
    const c10::IValue& replayIntoStaticOutput(const torch::Tensor& input);

    void release();  // frees the graph and its pool
    bool captured() const { return graph_ != nullptr; }
    std::int64_t replays() const { return replays_; }
    const CaptureStats& captureStats() const { return stats_; }

private:
    torch::nn::AnyModule network_;
    std::string familyName_;
    std::unique_ptr<AbortableCudaGraph> graph_;
    torch::Tensor staticInput_;
    c10::IValue staticOutput_;
    std::int64_t replays_ = 0;
    CaptureStats stats_;
};

}  // namespace graphlens::graphs
