#pragma once
// A CPU stand-in for CUDA graph capture, so the runner's policy is tested without a GPU. "Capture"
// runs the body once to get static output tensors, then poisons them (a real capture executes
// nothing); "replay" runs the body on the static input and copies into those same tensors, so the
// static-buffer semantics (a later replay overwrites them) are the real ones.
#include "graphs/CaptureBackend.h"
#include "graphs/OutputTree.h"

#include <c10/util/Exception.h>

#include <functional>
#include <stdexcept>
#include <string>

namespace graphlens::testing {

class FakeCapturedGraph : public graphs::CapturedGraph {
public:
    FakeCapturedGraph(graphs::GraphBody body, torch::Tensor input, c10::IValue output, int* replays,
                      std::function<void(const c10::IValue&)> afterReplay)
        : body_(std::move(body)), input_(std::move(input)), output_(std::move(output)), replays_(replays),
          afterReplay_(std::move(afterReplay)) {}
    void replay() override {
        ++*replays_;
        if (writesLeft == 0) return;
        if (writesLeft > 0) --writesLeft;
        FakeCapturedGraph::replayingNow() = true;  // a test's module can replay something else than eager
        const auto replayed = body_(input_);
        FakeCapturedGraph::replayingNow() = false;
        graphs::copyTensorsInto(output_, replayed);
        if (afterReplay_) afterReplay_(output_);
    }
    int writesLeft = -1;  // -1: every replay writes its output
    static bool& replayingNow() {
        thread_local bool replaying = false;
        return replaying;
    }

private:
    graphs::GraphBody body_;
    torch::Tensor input_;
    c10::IValue output_;
    int* replays_;
    std::function<void(const c10::IValue&)> afterReplay_;
};

class FakeCaptureBackend : public graphs::CaptureBackend {
public:
    std::string unsupportedReason(const torch::Tensor& input) const override {
        return input.is_cpu() || input.is_cuda() ? "" : "fake backend: unsupported device";
    }
    using graphs::CaptureBackend::capture;
    graphs::CaptureOutcome capture(const graphs::GraphBody& body, const torch::Tensor& staticInput,
                                   int warmupIterations, const graphs::GraphBody& warmup) override {
        ++attempts;
        if (failWhen && failWhen(staticInput)) {
            if (failOutOfMemory) {
                throw c10::OutOfMemoryError({__func__, __FILE__, static_cast<uint32_t>(__LINE__)},
                                            "CUDA out of memory. Tried to allocate 2.00 GiB");
            }
            throw std::runtime_error("operation not permitted when stream is capturing");
        }
        const auto& warmupBody = warmup ? warmup : body;
        for (int i = 0; i < warmupIterations; ++i) (void)warmupBody(staticInput);
        ++captures;
        graphs::CaptureOutcome outcome;
        capturingNow() = true;  // a test's module can refuse to be "captured", as a synchronising op would
        try {
            outcome.staticOutput = body(staticInput);
        } catch (...) {
            capturingNow() = false;
            throw;
        }
        capturingNow() = false;
        graphs::forEachTensor(outcome.staticOutput, [](const torch::Tensor& t) {
            // A tensor with autograd history is left alone: filling it would rewrite its history.
            if (t.is_floating_point() && !t.requires_grad()) {
                torch::NoGradGuard noGrad;
                const_cast<torch::Tensor&>(t).fill_(-777.0);
            }
        });
        auto graph = std::make_unique<FakeCapturedGraph>(body, staticInput, outcome.staticOutput, &replays,
                                                         afterReplay);
        if (staleAfterFirstReplay) graph->writesLeft = 1;
        outcome.graph = std::move(graph);
        outcome.captureMs = 1.5;
        outcome.poolBytes = 4096;
        return outcome;
    }
    void releasePool() override { ++poolReleases; }
    // True while a capture runs the body on this thread.
    static bool& capturingNow() {
        thread_local bool capturing = false;
        return capturing;
    }

    std::function<bool(const torch::Tensor&)> failWhen;
    bool failOutOfMemory = false;  // failWhen's captures throw c10::OutOfMemoryError instead
    std::function<void(const c10::IValue&)> afterReplay;  // e.g. perturb outputs to fake a mismatch
    bool staleAfterFirstReplay = false;  // later replays write nothing: the output stays stale
    int attempts = 0, captures = 0, replays = 0, poolReleases = 0;
};

}  // namespace graphlens::testing
