#include "graphs/GraphRunner.h"

#include "graphs/OutOfMemory.h"

#include "results/ErrorText.h"

#include "graphs/GraphCaptureError.h"
#include "graphs/GraphDeclarationError.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"

#include <torch/utils.h>

#include <iostream>
#include <sstream>
#include <stdexcept>

namespace graphlens::graphs {

namespace {
std::shared_ptr<CaptureBackend> backendOr(std::shared_ptr<CaptureBackend> backend) {
    return backend ? std::move(backend) : makeCudaCaptureBackend();
}
}  // namespace

GraphRunner::GraphRunner(torch::nn::AnyModule network, std::string familyName,
                         families::GraphSupport declaration, GraphRunnerOptions options)
    : module_(network.ptr()),
      captured_(forwardOf(network)),
      familyName_(std::move(familyName)),
      declaration_(std::move(declaration)),
      options_(std::move(options)),
      policy_(options_.mode, options_.autoThreshold, options_.maxGraphs),
      backend_(backendOr(options_.backend)) {
    checkDeclaration();
}

GraphRunner::GraphRunner(std::shared_ptr<torch::nn::Module> module, SeamSplit seam, std::string familyName,
                         families::GraphSupport declaration, GraphRunnerOptions options)
    : module_(std::move(module)),
      head_(std::move(seam.head)),
      captured_(std::move(seam.captured)),
      rest_(std::move(seam.rest)),
      seamPoint_(seam.point.empty() ? "unnamed seam" : std::move(seam.point)),
      familyName_(std::move(familyName)),
      declaration_(std::move(declaration)),
      options_(std::move(options)),
      policy_(options_.mode, options_.autoThreshold, options_.maxGraphs),
      backend_(backendOr(options_.backend)) {
    if (!captured_ || !rest_) throw std::invalid_argument(familyName_ + ": a seam needs both captured and rest");
    checkDeclaration();
}

GraphRunner::~GraphRunner() {
    try {
        dropGraphs();
    } catch (...) {
    }
}

void GraphRunner::checkDeclaration() const {
    if (policy_.mode() == GraphMode::Off) return;
    const std::string asked = std::string("graph mode ") + toString(policy_.mode());
    if (declaration_.kind == families::GraphSupportKind::None) {
        throw GraphDeclarationError(familyName_ + " declares no CUDA graph support for inference (" +
                                    (declaration_.reason.empty() ? "no reason given" : declaration_.reason) +
                                    "), so " + asked + " is refused; use graph mode off");
    }
    if (declaration_.kind == families::GraphSupportKind::Seam && !rest_) {
        throw GraphDeclarationError(familyName_ + " declares a seam split (" + declaration_.reason +
                                    "): " + asked + " needs the runner built with its SeamSplit, "
                                    "not the whole network");
    }
}

void GraphRunner::warn(const std::string& text) const {
    if (options_.warn) {
        options_.warn(text);
    } else {
        std::cerr << "graphlens: warning: " << text << '\n';
    }
}

c10::IValue GraphRunner::eager(const torch::Tensor& batch) {
    auto out = captured_(graphInput(batch));
    return rest_ ? rest_(out, batch) : out;
}

c10::IValue GraphRunner::runEager(const torch::Tensor& batch) {
    torch::NoGradGuard noGrad;
    return eager(batch);
}

c10::IValue GraphRunner::run(const torch::Tensor& batch) { return runImpl(batch, /*cloneOutputs=*/true); }

c10::IValue GraphRunner::runReturningStaticBuffers(const torch::Tensor& batch) {
    return runImpl(batch, /*cloneOutputs=*/false);
}

c10::IValue GraphRunner::runImpl(const torch::Tensor& batch, bool cloneOutputs) {
    torch::NoGradGuard noGrad;
    if (policy_.mode() == GraphMode::Off) return eager(batch);
    invalidateIfWeightsMoved(/*fullCheck=*/false);
    const auto input = graphInput(batch);
    const auto key = GraphKey::of(input);
    auto it = graphs_.find(key);
    if (it == graphs_.end()) {
        const auto unsupported = backend_->unsupportedReason(input);
        if (!unsupported.empty()) {
            policy_.countFallback(unsupported);
            return eager(batch);
        }
        const auto decision = policy_.decideWithoutGraph(key, graphs_.size());
        if (decision.warnNow) warn(familyName_ + ": " + decision.reason);
        if (decision.action == GraphAction::Eager) return eager(batch);
        try {
            it = captureKey(key, input);
        } catch (const GraphCaptureError& error) {
            if (options_.throwOnCaptureFailure) throw;
            warn(std::string(error.what()) + "; running eagerly");
            return eager(batch);
        }
    }
    return replay(it->second, input, batch, cloneOutputs);
}

c10::IValue GraphRunner::replay(Entry& entry, const torch::Tensor& input, const torch::Tensor& batch,
                                bool cloneOutputs) {
    entry.staticInput.copy_(input, /*non_blocking=*/true);
    entry.graph->replay();
    ++entry.replays;
    auto out = cloneOutputs ? cloneTensors(entry.staticOutput) : entry.staticOutput;
    return rest_ ? rest_(out, batch) : out;
}

GraphRunner::Graphs::iterator GraphRunner::captureKey(const GraphKey& key, const torch::Tensor& example) {
    if (graphs_.empty()) fingerprint_ = module_ ? ModuleFingerprint::of(*module_) : ModuleFingerprint();
    Entry entry;
    entry.staticInput = example.clone();  // outside the pool: the caller's copy target
    CaptureOutcome outcome;
    try {
        outcome = backend_->capture(captured_, entry.staticInput, options_.warmupIterations);
    } catch (const std::exception& error) {
        policy_.recordFailure(key, results::errorCause(error.what()));
        // A pool no graph uses any more must not be handed to the next capture_begin: start afresh.
        if (graphs_.empty()) backend_->releasePool();
        throw GraphCaptureError(familyName_ + ": graph capture of " + key.toString() + " failed" +
                                (seamPoint_.empty() ? "" : " (seam: " + seamPoint_ + ")") + ": " +
                                results::errorCause(error.what()), isOutOfMemory(error));
    }
    entry.graph = std::move(outcome.graph);
    entry.staticOutput = std::move(outcome.staticOutput);
    entry.captureMs = outcome.captureMs;
    entry.poolBytes = outcome.poolBytes;
    return graphs_.emplace(key, std::move(entry)).first;
}

GraphEntryInfo GraphRunner::capture(int imgsz, int batch, torch::Dtype dtype) {
    if (policy_.mode() == GraphMode::Off) {
        throw std::logic_error(familyName_ + ": capture() asked for with graph mode off");
    }
    std::optional<torch::Device> device = options_.device;
    if (!device && module_) {
        for (const auto& p : module_->parameters()) {
            device = p.device();
            break;
        }
        if (!device) {
            for (const auto& b : module_->buffers()) {
                device = b.device();
                break;
            }
        }
    }
    if (!device) {
        throw std::logic_error(familyName_ + ": capture(imgsz, batch, dtype) cannot tell the device; set "
                               "GraphRunnerOptions::device");
    }
    const auto example = torch::zeros({batch, 3, imgsz, imgsz}, torch::TensorOptions().dtype(dtype).device(*device));
    return captureFor(example);
}

GraphEntryInfo GraphRunner::captureFor(const torch::Tensor& batchExample) {
    if (policy_.mode() == GraphMode::Off) {
        throw std::logic_error(familyName_ + ": capture() asked for with graph mode off");
    }
    torch::NoGradGuard noGrad;
    invalidateIfWeightsMoved(/*fullCheck=*/true);
    const auto example = graphInput(batchExample);
    const auto key = GraphKey::of(example);
    if (const auto it = graphs_.find(key); it != graphs_.end()) return entryInfo(it->first, it->second);
    if (const auto* failure = policy_.failureOf(key)) {
        throw GraphCaptureError(familyName_ + ": graph capture of " + key.toString() +
                                " failed earlier (not retried until release()): " + *failure);
    }
    if (const auto unsupported = backend_->unsupportedReason(example); !unsupported.empty()) {
        throw GraphCaptureError(familyName_ + ": cannot capture " + key.toString() + ": " + unsupported);
    }
    if (graphs_.size() >= static_cast<std::size_t>(policy_.maxGraphs())) {
        throw GraphCaptureError(familyName_ + ": cannot capture " + key.toString() + ": max_graphs (" +
                                std::to_string(policy_.maxGraphs()) + ") reached");
    }
    const auto it = captureKey(key, example);
    return entryInfo(it->first, it->second);
}

void GraphRunner::invalidateIfWeightsMoved(bool fullCheck) {
    if (graphs_.empty() || !module_) return;
    const bool same = fullCheck ? fingerprint_.matches(*module_) : fingerprint_.stillMatches();
    if (same) return;
    lastInvalidation_ = fingerprint_.describeChange();
    ++invalidations_;
    warn(familyName_ + ": the module's weights moved (" + lastInvalidation_ + "); dropping " +
         std::to_string(graphs_.size()) + " graph(s), shapes are captured again");
    dropGraphs();
}

void GraphRunner::dropGraphs() {
    graphs_.clear();  // graphs first (each releases its use of the pool), then their static buffers
    fingerprint_ = ModuleFingerprint();
    if (backend_) backend_->releasePool();
}

void GraphRunner::release() {
    dropGraphs();
    policy_.reset();
}

GraphEntryInfo GraphRunner::entryInfo(const GraphKey& key, const Entry& entry) {
    GraphEntryInfo info;
    info.shape = key.shape;
    info.dtype = c10::toString(key.dtype);
    info.device = key.device.str();
    info.replays = entry.replays;
    info.captureMs = entry.captureMs;
    info.poolBytes = entry.poolBytes;
    return info;
}

GraphRunnerInfo GraphRunner::info() const {
    GraphRunnerInfo info;
    info.family = familyName_;
    info.mode = policy_.mode();
    info.seamPoint = seamPoint_;
    for (const auto& [key, entry] : graphs_) info.graphs.push_back(entryInfo(key, entry));
    info.eagerFallbacks = policy_.eagerFallbacks();
    info.eagerFallbackReason = policy_.lastFallbackReason();
    info.autoWarmupRuns = policy_.autoWarmupRuns();
    for (const auto& [key, message] : policy_.failures()) {
        info.failedCaptures.push_back({key.shape, c10::toString(key.dtype), key.device.str(), message});
    }
    info.invalidations = invalidations_;
    info.lastInvalidation = lastInvalidation_;
    return info;
}

std::string describe(const GraphRunnerInfo& info) {
    std::ostringstream out;
    out << info.family << ": graph mode " << toString(info.mode);
    if (!info.seamPoint.empty()) out << ", seam: " << info.seamPoint;
    out << ", " << info.graphs.size() << " graph(s)\n";
    for (const auto& g : info.graphs) {
        out << "  " << shapeToString(g.shape) << ' ' << g.dtype << ' ' << g.device << ": " << g.replays
            << " replays, capture " << g.captureMs << " ms, pool " << g.poolBytes << " bytes\n";
    }
    out << "  eager fallbacks: " << info.eagerFallbacks;
    if (!info.eagerFallbackReason.empty()) out << " (latest: " << info.eagerFallbackReason << ')';
    out << "\n  auto warm-up eager runs: " << info.autoWarmupRuns << '\n';
    for (const auto& f : info.failedCaptures) {
        out << "  capture failed for " << shapeToString(f.shape) << ' ' << f.dtype << ' ' << f.device << ": "
            << f.message << '\n';
    }
    if (info.invalidations) {
        out << "  invalidations: " << info.invalidations << " (latest: " << info.lastInvalidation << ")\n";
    }
    return out.str();
}

}  // namespace graphlens::graphs
