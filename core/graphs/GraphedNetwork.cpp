#include "graphs/GraphedNetwork.h"

#include "graphs/GeneratorSnapshot.h"
#include "graphs/TensorSnapshot.h"

#include <torch/autograd.h>
#include <torch/csrc/autograd/variable.h>

#include <stdexcept>

namespace graphlens::graphs {
namespace {

std::vector<torch::Tensor> flatten(const c10::IValue& output, bool& isTuple) {
    if (output.isTensor()) {
        isTuple = false;
        return {output.toTensor()};
    }
    if (output.isTuple()) {
        isTuple = true;
        std::vector<torch::Tensor> tensors;
        const auto& elements = output.toTupleRef().elements();
        for (std::size_t i = 0; i < elements.size(); ++i) {
            if (!elements[i].isTensor()) {
                // Host values (counts, flags, index lists) are fixed at capture: a replay cannot give new ones.
                throw std::runtime_error("graphed training needs a network whose outputs are tensors; output " +
                                         std::to_string(i) + " is a " + elements[i].tagKind() +
                                         ", a host value a replay cannot recompute");
            }
            tensors.push_back(elements[i].toTensor());
        }
        return tensors;
    }
    throw std::runtime_error("graphed training needs a network that returns a tensor or a tuple of tensors");
}

// Replays the forward graph; its backward replays the backward graph. Parameters are inputs of the
// function (a TensorList), so autograd routes their gradients through it.
struct ReplayNetwork : torch::autograd::Function<ReplayNetwork> {
    static torch::autograd::variable_list forward(torch::autograd::AutogradContext* context, torch::Tensor input,
                                                  at::TensorList /*parameters*/, GraphedNetwork* graphs) {
        context->saved_data["graphs"] = reinterpret_cast<std::int64_t>(graphs);
        return graphs->replayForward(input);
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradOutputs) {
        auto* graphs = reinterpret_cast<GraphedNetwork*>(context->saved_data["graphs"].toInt());
        torch::autograd::variable_list gradients{torch::Tensor()};  // the input (images): none
        for (auto& gradient : graphs->replayBackward(gradOutputs)) gradients.push_back(std::move(gradient));
        gradients.emplace_back();  // the GraphedNetwork pointer
        return gradients;
    }
};

}  // namespace

GraphedNetwork::GraphedNetwork(GraphBody forward, std::vector<torch::Tensor> parameters,
                               std::vector<torch::Tensor> restoreAfterCapture, std::shared_ptr<CaptureBackend> backend,
                               const torch::Tensor& example, int warmupIterations)
    : backend_(std::move(backend)), parameters_(std::move(parameters)) {
    if (const auto reason = backend_->unsupportedReason(example); !reason.empty()) throw std::runtime_error(reason);
    // The gradients the backward graph adds into: every parameter whose .grad exists now. A real
    // capture executes nothing, but a backend that runs the body while capturing would add once too
    // many, so they are restored with the buffers.
    gradTargets_.reserve(parameters_.size());
    for (const auto& parameter : parameters_) {
        const auto& grad = parameter.grad();
        const bool addable = grad.defined() && grad.sizes() == parameter.sizes() &&
                             grad.scalar_type() == parameter.scalar_type() && grad.device() == parameter.device();
        gradTargets_.push_back(addable ? grad : torch::Tensor());
        if (addable) restoreAfterCapture.push_back(grad);
    }
    const TensorSnapshot snapshot(std::move(restoreAfterCapture));
    const GeneratorSnapshot randomState(example.device());
    staticInput_ = example.detach().clone();
    const auto zeroGradients = [](const std::vector<torch::Tensor>& outputs) {
        std::vector<torch::Tensor> gradients;
        for (const auto& output : outputs) gradients.push_back(torch::zeros_like(output));
        return gradients;
    };
    const GraphBody warmup = [&](const torch::Tensor& x) {
        bool isTuple = false;
        const auto output = forward(x);
        const auto outputs = flatten(output, isTuple);
        (void)torch::autograd::grad(outputs, parameters_, zeroGradients(outputs), /*retain_graph=*/false,
                                    /*create_graph=*/false, /*allow_unused=*/true);
        return output;
    };
    try {
        torch::AutoGradMode gradMode(true);
        auto forwardCapture = backend_->capture(forward, staticInput_, warmupIterations, warmup);
        staticOutputs_ = flatten(forwardCapture.staticOutput, outputIsTuple_);
        for (const auto& output : staticOutputs_) {
            if (!output.requires_grad()) throw std::runtime_error("a network output does not depend on the parameters");
        }
        staticGradOutputs_ = zeroGradients(staticOutputs_);
        const GraphBody backwardBody = [this](const torch::Tensor&) {
            auto gradients = torch::autograd::grad(staticOutputs_, parameters_, staticGradOutputs_, /*retain_graph=*/true,
                                                   /*create_graph=*/false, /*allow_unused=*/true);
            torch::NoGradGuard noGrad;
            for (std::size_t i = 0; i < gradients.size(); ++i) {
                if (!gradients[i].defined()) gradients[i] = torch::zeros_like(parameters_[i]);
                // What autograd's AccumulateGrad would do after the replay, one launch per parameter
                // from the host, done inside the graph: .grad += g, the same in-place add.
                if (gradTargets_[i].defined()) gradTargets_[i].add_(gradients[i]);
            }
            return c10::IValue(gradients);
        };
        auto backwardCapture = backend_->capture(backwardBody, staticGradOutputs_.front(), /*warmupIterations=*/0);
        staticGradInputs_ = backwardCapture.staticOutput.toTensorVector();
        forwardGraph_ = std::move(forwardCapture.graph);
        backwardGraph_ = std::move(backwardCapture.graph);
        captureMs_ = forwardCapture.captureMs + backwardCapture.captureMs;
        poolBytes_ = forwardCapture.poolBytes + backwardCapture.poolBytes;
    } catch (...) {
        staticOutputs_.clear();
        staticGradOutputs_.clear();
        staticGradInputs_.clear();
        snapshot.restore();
        randomState.restore();
        throw;
    }
    snapshot.restore();
    randomState.restore();
    detachGradientAccumulators();
}

// The forward capture's autograd graph stays alive (its saved tensors are what the backward graph
// reads), and with it the gradient accumulators its warm-up made on the capture's side stream. A
// parameter hands a live accumulator to every later autograd graph, so every later eager backward
// would accumulate on that side stream: an event record and a stream wait per parameter on the
// host, and the warning "The AccumulateGrad node's stream does not match". Forgetting them here makes
// the next graph create its own on its own stream; the captured graph keeps its old ones and never
// runs them again (a replay executes no autograd).
void GraphedNetwork::detachGradientAccumulators() {
    for (const auto& parameter : parameters_) {
        if (parameter.requires_grad()) torch::autograd::impl::set_grad_accumulator(parameter, {});
    }
}

GraphedNetwork::~GraphedNetwork() = default;

std::size_t GraphedNetwork::gradientsAddedInGraph() const {
    std::size_t added = 0;
    for (const auto& target : gradTargets_) added += target.defined() ? 1 : 0;
    return added;
}

c10::IValue GraphedNetwork::operator()(const torch::Tensor& input) {
    auto outputs = ReplayNetwork::apply(input, at::TensorList(parameters_), this);
    if (!outputIsTuple_) return outputs.front();
    return c10::ivalue::Tuple::create(std::vector<c10::IValue>(outputs.begin(), outputs.end()));
}

std::vector<torch::Tensor> GraphedNetwork::replayForward(const torch::Tensor& input) {
    staticInput_.copy_(input);
    forwardGraph_->replay();
    ++forwardReplays_;
    std::vector<torch::Tensor> outputs;
    for (const auto& output : staticOutputs_) outputs.push_back(output.detach());
    return outputs;
}

std::vector<torch::Tensor> GraphedNetwork::replayBackward(const std::vector<torch::Tensor>& gradOutputs) {
    for (std::size_t i = 0; i < staticGradOutputs_.size(); ++i) {
        if (i < gradOutputs.size() && gradOutputs[i].defined()) {
            staticGradOutputs_[i].copy_(gradOutputs[i]);
        } else {
            staticGradOutputs_[i].zero_();
        }
    }
    backwardGraph_->replay();
    ++backwardReplays_;
    std::vector<torch::Tensor> gradients;
    gradients.reserve(parameters_.size());
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        const auto& grad = parameters_[i].grad();
        if (gradTargets_[i].defined() && grad.is_same(gradTargets_[i])) {
            gradients.emplace_back();  // the graph added it into .grad already: autograd gets nothing
            continue;
        }
        // A .grad made or replaced after capture: the graph added into the old tensor, so autograd
        // accumulates this one from the buffer (a copy when .grad is undefined; see the header).
        const auto& buffer = staticGradInputs_[i];
        gradients.push_back(grad.defined() ? buffer.detach() : buffer.clone());
    }
    return gradients;
}

}  // namespace graphlens::graphs
