#pragma once
// The inference graph engine (DESIGN §3): modes off | on | auto, graphs keyed by (shape, dtype,
// device), at most max_graphs sharing one memory pool, cloned (or, by explicit request, static)
// outputs of any tensor tree, seam splits (graph the network, run a data-dependent rest eagerly),
// invalidation when the module's weights move, and failed captures that leave the process working.
// Not thread-safe: one runner per thread/stream.
#include "families/GraphSupport.h"
#include "families/InferenceSeam.h"
#include "graphs/CaptureBackend.h"
#include "graphs/GraphKey.h"
#include "graphs/GraphPolicy.h"
#include "graphs/ModuleFingerprint.h"

#include <ATen/core/ivalue.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/container/any.h>
#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::graphs {

struct GraphRunnerOptions {
    GraphMode mode = GraphMode::On;
    int autoThreshold = 3;     // auto: capture on this sighting of a shape, eager before
    int maxGraphs = 8;         // beyond: one warning, new shapes run eagerly (counted in info())
    int warmupIterations = 3;  // eager runs on the capture stream before capturing
    // true: the call whose capture failed throws GraphCaptureError (later calls of that key run
    // eagerly). false: that call warns and returns the eager result. info() has the error either way.
    bool throwOnCaptureFailure = true;
    std::function<void(const std::string&)> warn;     // default: one line on stderr
    std::optional<torch::Device> device;              // for capture(imgsz, ...); default: the module's
    std::shared_ptr<CaptureBackend> backend;          // default: makeCudaCaptureBackend()
};

// A seam: captured(x) is graphed, rest(capturedOut, batch) runs eagerly after it (data-dependent
// shapes, boolean masks, sorting). run() returns rest's result. The family declares it.
using SeamSplit = families::InferenceSeam;

struct GraphEntryInfo {
    std::vector<std::int64_t> shape;
    std::string dtype;   // "Float", "Half", ...
    std::string device;  // "cuda:0"
    std::int64_t replays = 0;
    double captureMs = 0;
    std::int64_t poolBytes = 0;
};

struct CaptureFailureInfo {
    std::vector<std::int64_t> shape;
    std::string dtype, device;
    std::string message;  // the backend's (CUDA's) reason
};

struct GraphRunnerInfo {
    std::string family;
    GraphMode mode = GraphMode::Off;
    std::string seamPoint;                    // empty for a whole-network runner
    std::vector<GraphEntryInfo> graphs;       // ordered by key
    std::int64_t eagerFallbacks = 0;          // eager runs although graphs were asked for
    std::string eagerFallbackReason;          // the latest one's reason
    std::int64_t autoWarmupRuns = 0;          // auto: eager runs of shapes below the threshold
    std::vector<CaptureFailureInfo> failedCaptures;
    std::int64_t invalidations = 0;           // times the module's weights moved under live graphs
    std::string lastInvalidation;
};

std::string describe(const GraphRunnerInfo& info);  // a few human-readable lines

class GraphRunner {
public:
    // Whole network. Throws GraphDeclarationError when options.mode is on/auto and the declaration
    // is `none` or `seam`.
    GraphRunner(torch::nn::AnyModule network, std::string familyName, families::GraphSupport declaration,
                GraphRunnerOptions options = {});
    // Seam split. `module` owns the weights the captured part reads (for invalidation); may be null.
    // Throws GraphDeclarationError when options.mode is on/auto and the declaration is `none`.
    GraphRunner(std::shared_ptr<torch::nn::Module> module, SeamSplit seam, std::string familyName,
                families::GraphSupport declaration, GraphRunnerOptions options = {});
    ~GraphRunner();
    GraphRunner(const GraphRunner&) = delete;
    GraphRunner& operator=(const GraphRunner&) = delete;

    // Inference under NoGradGuard, graphed or eager as the mode decides. The caller owns the result:
    // every tensor coming out of a graph is cloned, so a later replay cannot change it.
    c10::IValue run(const torch::Tensor& batch);
    // Same, but tensors from a graph ARE the graph's static output buffers, valid until the next
    // replay of ANY graph of this runner, not only of this shape: the graphs share one memory pool,
    // and a graph captured earlier may keep its intermediates in the blocks a later graph's outputs
    // were carved from, so replaying it writes over them. For timing loops and callers that consume
    // the result before the next call; run() is the safe form.
    c10::IValue runReturningStaticBuffers(const torch::Tensor& batch);
    // The eager reference (captured part, then rest), whatever the mode.
    c10::IValue runEager(const torch::Tensor& batch);

    // Capture ahead of the first request: input [batch, 3, imgsz, imgsz] of `dtype` on the module's
    // device (or options.device). Returns the graph's entry (existing or new). Throws
    // GraphCaptureError (failure, earlier failure of that key, max_graphs reached, CPU input) and
    // std::logic_error in mode off.
    GraphEntryInfo capture(int imgsz, int batch, torch::Dtype dtype);
    GraphEntryInfo captureFor(const torch::Tensor& example);  // same, for an arbitrary input

    GraphRunnerInfo info() const;
    // Frees every graph, its static buffers and the shared pool (the caching allocator gets the
    // blocks back; emptyCache() returns them to the driver); forgets sightings and failed keys.
    void release();

    const std::string& familyName() const { return familyName_; }
    GraphMode mode() const { return policy_.mode(); }
    std::size_t graphCount() const { return graphs_.size(); }
    bool hasGraph(const torch::Tensor& batch) const { return graphs_.count(GraphKey::of(graphInput(batch))) != 0; }

private:
    struct Entry {
        std::unique_ptr<CapturedGraph> graph;
        torch::Tensor staticInput;
        c10::IValue staticOutput;
        std::int64_t replays = 0;
        double captureMs = 0;
        std::int64_t poolBytes = 0;
    };
    using Graphs = std::map<GraphKey, Entry>;

    void checkDeclaration() const;
    c10::IValue runImpl(const torch::Tensor& batch, bool cloneOutputs);
    c10::IValue eager(const torch::Tensor& batch);
    c10::IValue replay(Entry& entry, const torch::Tensor& input, const torch::Tensor& batch, bool cloneOutputs);
    torch::Tensor graphInput(const torch::Tensor& batch) const { return head_ ? head_(batch) : batch; }
    Graphs::iterator captureKey(const GraphKey& key, const torch::Tensor& example);
    void invalidateIfWeightsMoved(bool fullCheck);
    void dropGraphs();
    void warn(const std::string& text) const;
    static GraphEntryInfo entryInfo(const GraphKey& key, const Entry& entry);

    std::shared_ptr<torch::nn::Module> module_;
    std::function<torch::Tensor(const torch::Tensor&)> head_;  // a seam's eager part before the graph
    GraphBody captured_;
    std::function<c10::IValue(const c10::IValue&, const torch::Tensor&)> rest_;
    std::string seamPoint_;
    std::string familyName_;
    families::GraphSupport declaration_;
    GraphRunnerOptions options_;
    GraphPolicy policy_;
    std::shared_ptr<CaptureBackend> backend_;
    Graphs graphs_;
    ModuleFingerprint fingerprint_;
    std::int64_t invalidations_ = 0;
    std::string lastInvalidation_;
};

}  // namespace graphlens::graphs
