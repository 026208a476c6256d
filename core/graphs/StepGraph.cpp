#include "graphs/StepGraph.h"

#include "graphs/GeneratorSnapshot.h"
#include "graphs/TensorSnapshot.h"

#include <stdexcept>
#include <string>

namespace graphlens::graphs {

StepGraph::StepGraph(std::function<torch::Tensor()> step, std::vector<torch::Tensor> staticInputs,
                     std::vector<torch::Tensor> restoreAfterCapture, std::shared_ptr<CaptureBackend> backend,
                     int warmupIterations)
    : backend_(std::move(backend)), staticInputs_(std::move(staticInputs)) {
    if (staticInputs_.empty()) throw std::invalid_argument("a step graph needs at least one static input");
    if (const auto reason = backend_->unsupportedReason(staticInputs_.front()); !reason.empty()) {
        throw std::runtime_error(reason);
    }
    const TensorSnapshot snapshot(std::move(restoreAfterCapture));
    const GeneratorSnapshot randomState(staticInputs_.front().device());
    // The closure reads the static inputs itself; the backend's input argument only names the device.
    const GraphBody body = [step = std::move(step)](const torch::Tensor&) { return c10::IValue(step().detach()); };
    try {
        auto outcome = backend_->capture(body, staticInputs_.front(), warmupIterations);
        staticLoss_ = outcome.staticOutput.toTensor();
        graph_ = std::move(outcome.graph);
        captureMs_ = outcome.captureMs;
        poolBytes_ = outcome.poolBytes;
    } catch (...) {
        snapshot.restore();
        randomState.restore();
        throw;
    }
    snapshot.restore();
    randomState.restore();
}

StepGraph::~StepGraph() = default;

torch::Tensor StepGraph::replay(const std::vector<torch::Tensor>& inputs) {
    if (inputs.size() != staticInputs_.size()) {
        throw std::invalid_argument("step graph: " + std::to_string(inputs.size()) + " inputs for " +
                                    std::to_string(staticInputs_.size()) + " static inputs");
    }
    {
        torch::NoGradGuard noGrad;
        for (std::size_t i = 0; i < inputs.size(); ++i) staticInputs_[i].copy_(inputs[i]);
    }
    graph_->replay();
    ++replays_;
    return staticLoss_;
}

}  // namespace graphlens::graphs
