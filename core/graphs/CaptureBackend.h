#pragma once
// The part of the runner that talks to CUDA graphs, behind an interface so the runner's policy
// (keys, modes, caps, failures, invalidation, output cloning, seams) is tested on the CPU with a
// fake backend. makeCudaCaptureBackend() is the real one.
#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace graphlens::graphs {

using GraphBody = std::function<c10::IValue(const torch::Tensor&)>;

class CapturedGraph {
public:
    virtual ~CapturedGraph() = default;
    virtual void replay() = 0;  // on the current stream; reads the static input, writes the static output
};

struct CaptureOutcome {
    std::unique_ptr<CapturedGraph> graph;
    c10::IValue staticOutput;      // the tensors the graph writes on every replay
    double captureMs = 0;          // warm-up + capture + instantiate, wall time
    std::int64_t poolBytes = 0;    // reserved-memory growth while capturing (shared pool: first graph pays most)
};

class CaptureBackend {
public:
    virtual ~CaptureBackend() = default;

    // Empty when inputs like this one can be captured; else why not (e.g. "input is on cpu").
    virtual std::string unsupportedReason(const torch::Tensor& input) const = 0;

    // Warms up on the capture stream (warmupIterations runs of `warmup`, or of `body` when `warmup`
    // is empty), then captures body(staticInput) into the runner's shared pool. A training graph
    // warms up more than it captures (forward and backward before the forward graph alone). On
    // failure it undoes everything (stream, allocator routing, RNG, partial graph) and rethrows what
    // failed, its type kept (c10::OutOfMemoryError stays one: graphs/OutOfMemory.h).
    virtual CaptureOutcome capture(const GraphBody& body, const torch::Tensor& staticInput, int warmupIterations,
                                   const GraphBody& warmup) = 0;
    CaptureOutcome capture(const GraphBody& body, const torch::Tensor& staticInput, int warmupIterations) {
        return capture(body, staticInput, warmupIterations, GraphBody());
    }

    // Called after every graph and static output of the runner was dropped: forget the shared pool
    // so its blocks return to the caching allocator; the next capture starts a new pool.
    virtual void releasePool() = 0;
};

// CUDA graphs with one shared pool (at::cuda::graph_pool_handle(), taken once per pool lifetime),
// one capture stream of its own for the pool's lifetime (parked for a later pool afterwards, never
// destroyed: blocks and autograd nodes made on it may outlive the pool), cudaStreamCaptureModeThreadLocal. Without CUDA in the build every input
// is unsupported.
std::shared_ptr<CaptureBackend> makeCudaCaptureBackend();

}  // namespace graphlens::graphs
