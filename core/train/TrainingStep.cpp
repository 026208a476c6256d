#include "train/TrainingStep.h"

#include "graphs/OutOfMemory.h"

#include "graphs/GraphedNetwork.h"
#include "graphs/OutputTree.h"
#include "graphs/StepGraph.h"
#include "graphs/TensorSnapshot.h"
#include "train/GradientClipping.h"
#include "train/LossBackwardWatch.h"
#include "profiler/ScopedPhase.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/Generator.h>

#include <iostream>
#include <stdexcept>

namespace graphlens::train {
namespace {

using profiler::StepPhase;

// The observer of a step run without one (training runs, captures and their warm-up).
class NoPhases final : public profiler::PhaseObserver {
public:
    void begin(const char*) override {}
    void end(const char*) override {}
};

profiler::PhaseObserver& noPhases() {
    static NoPhases none;
    return none;
}

}  // namespace

TrainingStep::TrainingStep(std::shared_ptr<torch::nn::Module> module,
                           std::function<c10::IValue(const torch::Tensor&)> forward, families::Family family,
                           CapturableOptimizer& optimizer, GradientScaler& scaler, TrainingStepOptions options)
    : module_(std::move(module)),
      forward_(std::move(forward)),
      family_(std::move(family)),
      optimizer_(optimizer),
      scaler_(scaler),
      options_(std::move(options)),
      scope_(options_.graphScope),
      policy_(graphs::GraphMode::Auto, options_.captureOnSighting, options_.maxGraphs) {
    if (options_.accumulation < 1) throw std::invalid_argument("gradient accumulation must be at least 1 micro-step");
    if (!options_.warn) options_.warn = [](const std::string& line) { std::cerr << "graphlens: " << line << "\n"; };
    if (!options_.backend) options_.backend = graphs::makeCudaCaptureBackend();
    if (scope_ == families::TrainingGraphScope::Step && options_.seam) {
        options_.warn("the training step splits at a seam (" + options_.seam->point +
                      "): only its captured part is graphed, using network scope");
        scope_ = families::TrainingGraphScope::Network;
    }
    if (scope_ == families::TrainingGraphScope::Step && options_.accumulation > 1) {
        options_.warn("step scope holds the optimizer, which runs once per " + std::to_string(options_.accumulation) +
                      " micro-steps: using network scope");
        scope_ = families::TrainingGraphScope::Network;
    }
    configuredScope_ = scope_;
}

TrainingStep::~TrainingStep() = default;

torch::Tensor TrainingStep::forwardLoss(const torch::Tensor& images, const torch::Tensor& targets,
                                        graphs::GraphedNetwork* network, profiler::PhaseObserver& phases) {
    const AutocastScope autocast(options_.precision, images.device());
    c10::IValue output;
    {
        StepPhase phase(phases, profiler::kPhaseForward);
        if (options_.seam) {
            {
                StepPhase captured(phases, profiler::kPhaseCapturedForward);
                output = network ? (*network)(images) : options_.seam->capturedForward(images);
            }
            seamOutputs_.clear();
            if (output.isTensor()) seamOutputs_.push_back(output.toTensor());
            if (output.isTuple()) {
                // A seam search's trial may capture a part whose output also holds host values (counts,
                // index lists): they carry no gradient, so only the tensors are watched. A graph refuses
                // such an output (GraphedNetwork says which); eagerly it runs.
                for (const auto& item : output.toTupleRef().elements()) {
                    if (item.isTensor()) seamOutputs_.push_back(item.toTensor());
                }
            }
            output = options_.seam->rest(output, targets);
        } else {
            output = network ? (*network)(images) : forward_(images);
            // Watched in backward for where the loss's own backward ends (profiled pass only); never
            // kept from an earlier step that threw before its backward.
            networkOutputs_.clear();
            if (phases.marksAutogradPhases()) {
                graphs::forEachTensor(output, [this](const torch::Tensor& tensor) { networkOutputs_.push_back(tensor); });
            }
        }
    }
    StepPhase phase(phases, profiler::kPhaseLoss);
    return family_.loss(output, targets);
}

void TrainingStep::finishOptimizerStep() {
    if (options_.clipNorm > 0) {
        scaler_.unscale(optimizer_);
        (void)clipGradientNorm(optimizer_.parameters(), options_.clipNorm);
    }
    scaler_.step(optimizer_);
    scaler_.update();
}

TrainingStep::Result TrainingStep::runEager(const torch::Tensor& images, const torch::Tensor& targets, bool boundary,
                                            graphs::GraphedNetwork* network, profiler::PhaseObserver& phases) {
    auto loss = forwardLoss(images, targets, network, phases);
    {
        // Zeroing the gradients belongs to the backward that fills them (the forward never reads them).
        StepPhase phase(phases, profiler::kPhaseBackward);
        if (microStep_ % options_.accumulation == 0) optimizer_.zeroGrad();
        const auto scaled = options_.accumulation > 1 ? loss / options_.accumulation : loss;
        const auto root = scaler_.scale(scaled);
        const auto capturedBackward = watchCapturedBackward(phases);
        // Inside backward's phase and closed before it: its destructor runs first.
        const LossBackwardWatch lossBackward(root, networkOutputs_, phases);
        networkOutputs_.clear();  // the hooks hold what they need
        const auto closeCapturedBackward = [&] {
            if (capturedBackward && *capturedBackward) phases.end(profiler::kPhaseCapturedBackward);
        };
        try {
            root.backward();
        } catch (...) {
            closeCapturedBackward();  // phases close in order, also when the step throws
            seamOutputs_.clear();
            throw;
        }
        closeCapturedBackward();
        seamOutputs_.clear();
    }
    if (boundary) {
        StepPhase phase(phases, profiler::kPhaseOptimizer);
        finishOptimizerStep();
    }
    // No copy: this loss is a fresh tensor every step (a replayed step's is a static buffer, copied there).
    return {loss.detach(), network != nullptr, boundary};
}

// The captured part's backward starts once the gradients of all its outputs have arrived: the last
// of their hooks opens the phase (on autograd's thread; backward() returns after the part is done).
std::shared_ptr<bool> TrainingStep::watchCapturedBackward(profiler::PhaseObserver& phases) {
    std::vector<torch::Tensor> watched;
    for (const auto& output : seamOutputs_) {
        if (output.requires_grad()) watched.push_back(output);
    }
    if (watched.empty()) return nullptr;
    auto pending = std::make_shared<std::size_t>(watched.size());
    auto opened = std::make_shared<bool>(false);
    for (auto& output : watched) {
        output.register_hook([pending, opened, &phases](const torch::Tensor&) {
            if (--*pending == 0) {
                *opened = true;
                phases.begin(profiler::kPhaseCapturedBackward);
            }
        });
    }
    return opened;  // stays false when an output got no gradient (its hook never ran)
}

std::function<c10::IValue(const torch::Tensor&)> TrainingStep::graphedPart() const {
    return options_.seam ? options_.seam->capturedForward : forward_;
}

std::shared_ptr<torch::nn::Module> TrainingStep::graphedModule() const {
    return options_.seam ? options_.seam->captured : module_;
}

std::vector<torch::Tensor> TrainingStep::stepState() const {
    std::vector<torch::Tensor> state;
    for (const auto& parameter : optimizer_.parameters()) {
        state.push_back(parameter);
        state.push_back(parameter.grad());
    }
    for (const auto& tensor : optimizer_.stateTensors()) state.push_back(tensor);
    for (const auto& tensor : scaler_.stateTensors()) state.push_back(tensor);
    for (const auto& buffer : graphs::moduleBuffers(*module_)) state.push_back(buffer);
    return state;
}

void TrainingStep::turnGraphsOff(const std::string& message, bool outOfMemory) {
    const auto why = message.substr(0, message.find('\n'));  // libtorch appends a C++ backtrace
    summary_.failure = why;
    summary_.failureOutOfMemory = outOfMemory;
    options_.warn("graphed training failed at micro-step " + std::to_string(microStep_) + " (" + why +
                  "); the rest of the run trains eagerly");
    networks_.clear();
    steps_.clear();
    options_.backend->releasePool();
    scope_ = families::TrainingGraphScope::None;
}

// True when the micro-step ran as (or was captured and ran as) a graph; false: run it eagerly.
bool TrainingStep::tryGraphed(const torch::Tensor& images, const torch::Tensor& targets, bool boundary, Result& result,
                              profiler::PhaseObserver& phases) {
    const auto key = graphs::GraphKey::of(images);
    const bool haveGraph = scope_ == families::TrainingGraphScope::Step ? steps_.count(key) != 0 : networks_.count(key) != 0;
    if (!haveGraph) {
        if (scope_ == families::TrainingGraphScope::Step && !optimizer_.readyForCapture()) {
            ++summary_.eagerNotReady;
            return false;
        }
        const auto graphsHeld = scope_ == families::TrainingGraphScope::Step ? steps_.size() : networks_.size();
        const auto decision = policy_.decideWithoutGraph(key, graphsHeld);
        if (decision.action == graphs::GraphAction::Eager) {
            if (decision.warnNow) options_.warn("at most " + std::to_string(options_.maxGraphs) +
                                                " training graphs: other shapes train eagerly");
            ++(decision.fallback ? summary_.eagerOtherShapes : summary_.eagerBeforeCapture);
            return false;
        }
    }
    try {
        if (microStep_ == options_.failAtMicroStep) throw std::runtime_error("failure injected by the test hook");
        if (scope_ == families::TrainingGraphScope::Step) {
            if (!haveGraph) {
                // The closure and the graph share these tensors: replay() writes them, the step reads them.
                const auto staticImages = images.detach().clone();
                const auto staticTargets = targets.detach().clone();
                optimizer_.zeroGrad();  // gradients must exist before capture: the graph writes them in place
                auto graph = std::make_unique<graphs::StepGraph>(
                    [this, staticImages, staticTargets] {
                        // Backward writes the gradients fresh (no zeroing, no adding inside the graph).
                        optimizer_.clearGradients();
                        auto loss = forwardLoss(staticImages, staticTargets, nullptr, noPhases());
                        scaler_.scale(loss).backward();
                        optimizer_.ensureGradients();
                        finishOptimizerStep();
                        return loss;
                    },
                    std::vector<torch::Tensor>{staticImages, staticTargets}, stepState(), options_.backend,
                    options_.warmupIterations);
                ++summary_.captures;
                summary_.captureMs += graph->captureMs();
                summary_.poolBytes += graph->poolBytes();
                steps_[key] = std::move(graph);
            }
            torch::Tensor loss;
            {
                StepPhase phase(phases, profiler::kPhaseReplay);
                loss = steps_[key]->replay({images, targets});
            }
            result = {loss.clone(), true, true};
            return true;
        }
        if (!haveGraph) {
            // The graph returns gradients for the parameters it reads: the optimizer's, or a seam's part.
            std::vector<torch::Tensor> parameters;
            for (const auto& parameter : options_.seam ? graphedModule()->parameters() : optimizer_.parameters()) {
                if (parameter.requires_grad()) parameters.push_back(parameter);
            }
            const AutocastScope autocast(options_.precision, images.device());
            // A seam's eager rest may draw from the host generator (noise that follows the batch's
            // ground truth); only its captured part must not, so the watch is on the capture alone.
            const auto hostRandomBefore = at::detail::getDefaultCPUGenerator().get_state();
            auto network = std::make_unique<graphs::GraphedNetwork>(graphedPart(), parameters,
                                                                    graphs::moduleBuffers(*graphedModule()), options_.backend,
                                                                    images, options_.warmupIterations);
            if (options_.seam && !images.is_cpu() &&
                !torch::equal(hostRandomBefore, at::detail::getDefaultCPUGenerator().get_state())) {
                throw std::runtime_error("the captured part of the seam (" + options_.seam->point +
                                         ") draws from the host random generator; a graph would replay one frozen draw");
            }
            ++summary_.captures;
            summary_.captureMs += network->captureMs();
            summary_.poolBytes += network->poolBytes();
            networks_[key] = std::move(network);
        }
        result = runEager(images, targets, boundary, networks_[key].get(), phases);
        return true;
    } catch (const std::exception& error) {
        policy_.recordFailure(key, error.what());
        turnGraphsOff(error.what(), graphs::isOutOfMemory(error));
        ++summary_.eagerAfterFailure;
        return false;
    }
}

TrainingStep::Result TrainingStep::run(const torch::Tensor& images, const torch::Tensor& targets,
                                       profiler::PhaseObserver* observer) {
    auto& phases = observer ? *observer : noPhases();
    if (options_.seam && options_.seam->giveTargets) options_.seam->giveTargets(targets);
    const bool boundary = (microStep_ + 1) % options_.accumulation == 0;
    ++summary_.microSteps;
    Result result;
    bool graphed = false;
    // The first graphed-scope step on a GPU watches the host generator. On the CPU the device
    // generator is the host generator (dropout draws from it legitimately), so nothing is watched.
    // A seam's rest runs eagerly and may draw host random numbers: its capture is watched instead.
    const bool watchHostRandom = scope_ != families::TrainingGraphScope::None && !hostRandomChecked_ && !images.is_cpu() &&
                                 !options_.seam;
    torch::Tensor hostRandomBefore;
    if (watchHostRandom) {
        hostRandomChecked_ = true;
        hostRandomBefore = at::detail::getDefaultCPUGenerator().get_state();
    }
    if (scope_ != families::TrainingGraphScope::None) {
        graphed = tryGraphed(images, targets, boundary, result, phases);
    } else if (!summary_.failure.empty()) {
        ++summary_.eagerAfterFailure;
    }
    if (graphed) {
        ++summary_.replayed;
    } else {
        result = runEager(images, targets, boundary, nullptr, phases);
    }
    if (watchHostRandom && scope_ != families::TrainingGraphScope::None &&
        !torch::equal(hostRandomBefore, at::detail::getDefaultCPUGenerator().get_state())) {
        turnGraphsOff("the step draws from the host random generator (a random choice on the CPU in forward or loss); "
                      "a graph would replay one frozen draw");
    }
    ++microStep_;
    return result;
}

std::string TrainingStep::describeGraphs() const {
    if (options_.graphScope == families::TrainingGraphScope::None) return "off (trained eagerly)";
    std::string text = std::string(families::toString(configuredScope_)) +
                       " scope: " + std::to_string(summary_.replayed) + " of " + std::to_string(summary_.microSteps) +
                       " steps replayed";
    std::string parts;
    const auto add = [&parts](std::int64_t count, const char* what) {
        if (count == 0) return;
        parts += (parts.empty() ? "" : ", ") + std::to_string(count) + " " + what;
    };
    add(summary_.eagerBeforeCapture, "before capture");
    add(summary_.eagerNotReady, "before the optimizer had state");
    add(summary_.eagerOtherShapes, "other shapes");
    add(summary_.eagerAfterFailure, "after a failure");
    if (!parts.empty()) text += " (" + parts + " eager)";
    text += "; " + std::to_string(summary_.captures) + " graphs";
    if (!summary_.failure.empty()) text += "; graphs turned off: " + summary_.failure;
    return text;
}

}  // namespace graphlens::train
