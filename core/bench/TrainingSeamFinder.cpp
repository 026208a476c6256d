#include "bench/TrainingSeamFinder.h"

#include "bench/InterleavedTiming.h"
#include "bench/SeamFinder.h"
#include "bench/SynchronizedPhaseTimer.h"
#include "bench/TimedStep.h"
#include "graphs/DeviceMemory.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"
#include "profiler/ScopedPhase.h"
#include "results/RoundStatistics.h"
#include "results/Statistics.h"
#include "train/GradientScaler.h"
#include "train/OptimizerFactory.h"
#include "train/TrainingParity.h"
#include "train/TrainingStep.h"

#include <torch/torch.h>

#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>

namespace graphlens::bench {
namespace {

constexpr int kShareSamples = 7;
constexpr int kEagerWarmup = 3;
constexpr std::uint64_t kWeightsSeed = 11;  // the training check's weights
constexpr std::uint64_t kDrawSeed = 9;      // its dropout and denoising draws

std::string oneLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// Why a trial's training check did not pass, in one line.
std::string trialFailure(const train::TrainingParityResult& result) {
    if (!result.error.empty()) return oneLine(result.error);
    if (result.replayed == 0) return "nothing was replayed";
    char line[256];
    if (!result.lossZeroIdentical) {
        std::snprintf(line, sizeof line, "the step-0 loss differs (eager %.9g, graphed %.9g)", result.lossZeroEager,
                      result.lossZeroGraphed);
        return line;
    }
    std::snprintf(line, sizeof line, "the training check finds a mismatch: gradients %s, parameters %s (max abs diff %.3g)",
                  train::toString(result.gradientClass), train::toString(result.parameterClass), result.gradients.maxAbs);
    return line;
}

bool sameParameters(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    std::set<const void*> left, right;
    for (const auto& p : a) left.insert(p.unsafeGetTensorImpl());
    for (const auto& p : b) right.insert(p.unsafeGetTensorImpl());
    return left == right;
}

// The found split's eager and graphed training steps on one batch, as the sweep times its arms.
class TrainingSplitStep final : public TimedStep {
public:
    TrainingSplitStep(train::TrainingStep& eager, train::TrainingStep& graphed, torch::Tensor images, torch::Tensor targets)
        : eager_(eager), graphed_(graphed), images_(std::move(images)), targets_(std::move(targets)) {}
    void run(Arm arm, profiler::PhaseObserver& observer) override {
        (void)(arm == Arm::Eager ? eager_ : graphed_).run(images_, targets_, &observer);
    }
    bool hasGraphedArm() const override { return true; }
    void requireReplaying() const override {
        if (graphed_.summary().replayed == 0 || graphed_.scope() == families::TrainingGraphScope::None) {
            throw std::runtime_error("the split's graphed steps are not replaying: " + graphed_.describeGraphs());
        }
    }
    GraphedArmFigures graphedFigures() const override { return {}; }

private:
    train::TrainingStep& eager_;
    train::TrainingStep& graphed_;
    torch::Tensor images_, targets_;
};

// The captured part's share of the eager step and the split's speedup (both arms on one network).
void measureSplit(const families::Family& split, const TrainingSeamFinderOptions& options, int imgsz,
                  TrainingSeamFinding& finding) {
    auto network = split.build(kWeightsSeed);
    auto module = network.ptr();
    module->to(options.device);
    module->train();
    auto optimizer = train::makeCapturableOptimizer(options.optimizer, module->parameters());
    train::GradientScalerOptions scalerOptions;
    scalerOptions.enabled = train::needsLossScaling(options.precision);
    train::GradientScaler scaler(options.device, scalerOptions);
    std::string warning;
    train::TrainingStepOptions eagerOptions;
    eagerOptions.precision = options.precision;
    eagerOptions.backend = options.backend;
    eagerOptions.warn = [&warning](const std::string& line) { warning = line; };
    eagerOptions.seam = families::trainingSeamOf(split, network);
    auto graphedOptions = eagerOptions;
    graphedOptions.graphScope = families::TrainingGraphScope::Network;
    const auto forward = graphs::forwardOf(network);
    train::TrainingStep eager(module, forward, split, *optimizer, scaler, eagerOptions);
    train::TrainingStep graphed(module, forward, split, *optimizer, scaler, graphedOptions);
    const auto batch = train::syntheticTrainingBatches(split, 1, options.batch, imgsz, options.device).front();
    for (int i = 0; i < kEagerWarmup; ++i) (void)eager.run(batch.first, batch.second);
    // The graphed step captures on the shape's third sighting, as a training run does.
    for (int i = 0; i <= graphedOptions.captureOnSighting; ++i) (void)graphed.run(batch.first, batch.second);
    const graphs::DeviceMemory memory(options.device);
    TrainingSplitStep step(eager, graphed, batch.first, batch.second);
    step.requireReplaying();
    SynchronizedPhaseTimer timer(memory);
    for (int i = 0; i < kShareSamples; ++i) (void)eager.run(batch.first, batch.second, &timer);
    double captured = 0, total = 0;
    for (const char* phase : {profiler::kPhaseCapturedForward, profiler::kPhaseCapturedBackward}) {
        captured += timer.medianMs(phase).value_or(0.0);
    }
    for (const char* phase :
         {profiler::kPhaseForward, profiler::kPhaseLoss, profiler::kPhaseBackward, profiler::kPhaseOptimizer}) {
        total += timer.medianMs(phase).value_or(0.0);
    }
    if (total > 0) finding.capturedShare = captured / total;
    const auto rounds = timeInterleaved(step, /*withGraphed=*/true, options.timedSteps, options.repeats, memory, {});
    step.requireReplaying();  // a replay failure mid-run turns graphs off: eager steps are not a split
    finding.eagerMs = results::median(results::roundMedians(rounds.eager));
    finding.splitMs = results::median(results::roundMedians(rounds.graphed));
    if (*finding.splitMs > 0) finding.speedup = *finding.eagerMs / *finding.splitMs;
    for (auto& parameter : module->parameters()) parameter.mutable_grad() = torch::Tensor();  // may live in the graph's pool
}

}  // namespace

families::Family trainingPrefixFamily(const families::Family& family, std::size_t end) {
    if (!family.trainingChain) throw std::logic_error(family.name + " has no training chain");
    families::Family split = family;
    split.training.widest = families::TrainingGraphScope::Network;
    split.training.networkRefused.clear();
    split.training.seam = "the first " + std::to_string(end) + " links of its training chain";
    split.trainingSeam = [end, chainOf = family.trainingChain](torch::nn::AnyModule& network)
        -> std::optional<families::TrainingSeam> {
        const auto chain = chainOf(network);
        if (!chain) throw std::logic_error("the training chain disappeared");
        return families::trainingPrefixSeam(*chain, end);
    };
    return split;
}

TrainingSeamFinding findTrainingSeam(const families::Family& family, const TrainingSeamFinderOptions& options) {
    TrainingSeamFinding finding;
    finding.declaredPoint = family.training.seam;
    if (!family.trainingChain) {
        finding.status = "not-a-chain";
        finding.why = family.name + " does not describe its training network as a chain of submodules";
        return finding;
    }
    if (!family.loss || !family.trainingTargets) {
        finding.status = "not-a-chain";
        finding.why = family.name + " has no training loss";
        return finding;
    }
    const int imgsz = options.imgsz > 0 ? options.imgsz : family.defaultImgsz;
    auto network = family.build(kWeightsSeed);
    network.ptr()->to(options.device);
    network.ptr()->train();
    const auto chain = family.trainingChain(network);
    if (!chain || chain->size() < 2) {
        finding.status = "not-a-chain";
        finding.why = "its training chain has fewer than two links to split between";
        return finding;
    }
    for (const auto& link : chain->links) {
        finding.links.push_back(link.name);
        finding.linksReadTargets.push_back(link.readsTargets);
    }
    const auto declared = families::trainingSeamOf(family, network);
    // The chain is a claim: its links in order must give the family's training forward, bit for bit
    // (the same draws: the denoising noise and dropout are seeded alike before each).
    {
        const auto batch = train::syntheticTrainingBatches(family, 1, options.batch, imgsz, options.device).front();
        torch::NoGradGuard noGrad;
        const train::AutocastScope autocast(options.precision, options.device);
        torch::manual_seed(kDrawSeed);
        const auto reference = declared ? declared->rest(declared->capturedForward(batch.first), batch.second)
                                        : graphs::forwardOf(network)(batch.first);
        torch::manual_seed(kDrawSeed);
        c10::IValue chained;
        try {
            chained = chain->run(batch.first, batch.second, 0, chain->size());
        } catch (const std::exception& error) {
            finding.status = "not-a-chain";
            finding.why = "its training links called one after another fail: " + oneLine(error.what());
            return finding;
        }
        const auto comparison = graphs::compareBitwise(reference, chained);
        if (!comparison.equal) {
            finding.status = "not-a-chain";
            finding.why = "its training links called one after another do not give its training forward (" +
                          comparison.firstMismatch + ")";
            return finding;
        }
    }
    std::map<std::size_t, std::string> classes;
    auto tryPrefix = options.tryPrefix;
    if (!tryPrefix) {
        tryPrefix = [&](const families::Family& split, std::size_t end) {
            train::TrainingParityOptions parity;
            parity.scope = families::TrainingGraphScope::Network;
            parity.precision = options.precision;
            parity.optimizer = options.optimizer;
            parity.batch = options.batch;
            parity.imgsz = imgsz;
            parity.steps = options.paritySteps;
            parity.device = options.device;
            parity.backend = options.backend;
            const auto result = train::checkTrainingParity(split, parity);
            families::SegmentTrial trial;
            trial.capturable = result.acceptable() && result.replayed > 0;
            if (!trial.capturable) trial.why = trialFailure(result);
            classes[end] = train::toString(result.overall());
            return trial;
        };
    }
    const auto search = families::searchChainPrefix(
        chain->size(), [&](std::size_t, std::size_t end) { return tryPrefix(trainingPrefixFamily(family, end), end); });
    finding.trials = search.trials;
    if (search.firstBrokenLink && *search.firstBrokenLink < chain->size()) {
        finding.firstBrokenLink = chain->links[*search.firstBrokenLink].name;
        finding.brokenWhy = search.brokenWhy;
    }
    if (!search.end) {
        finding.status = "none";
        finding.why = "not even its first link (" + chain->links.front().name +
                      ") captures in network scope with the training check passing";
        return finding;
    }
    finding.end = search.end;
    finding.status = search.wholeChain ? "whole" : "found";
    finding.point = chain->pointAfter(*search.end);
    if (classes.count(*search.end)) finding.parityClass = classes[*search.end];
    if (declared) {
        const auto found = families::trainingPrefixSeam(*chain, *search.end);
        finding.sameAsDeclared = sameParameters(declared->captured->parameters(), found.captured->parameters());
    }
    if (options.measure && options.device.is_cuda()) {
        try {
            measureSplit(trainingPrefixFamily(family, *search.end), options, imgsz, finding);
        } catch (const std::exception& error) {  // the search's answer stands; the figures are left out
            finding.notMeasured = oneLine(error.what());
            finding.capturedShare.reset();
            finding.eagerMs.reset();
            finding.splitMs.reset();
            finding.speedup.reset();
        }
    }
    return finding;
}

std::string TrainingSeamFinding::text() const {
    std::string out = "  training seam search: ";
    char line[320];
    if (status == "not-a-chain" || status == "none") return out + status + ": " + why + "\n";
    const auto captured = end.value_or(0);
    out += status == "whole" ? "every link captures together (" + std::to_string(links.size()) + " links)\n"
                             : "capture the first " + std::to_string(captured) + " of " + std::to_string(links.size()) +
                                   " links, " + point + "\n";
    out += "    links:";
    for (std::size_t i = 0; i < links.size(); ++i) {
        out += std::string(i ? "," : "") + " " + links[i] + (linksReadTargets[i] ? " (reads the targets)" : "");
    }
    out += "\n";
    if (!firstBrokenLink.empty()) {
        out += "    first link that breaks capture: " + firstBrokenLink + " (" + oneLine(brokenWhy).substr(0, 200) + ")\n";
    }
    if (!declaredPoint.empty() && sameAsDeclared) {
        out += "    the family declares its seam " + declaredPoint + ": " +
               (*sameAsDeclared ? "found the same captured part (the same parameters)"
                                : "the found captured part DIFFERS from the declared one") +
               "\n";
    }
    if (!parityClass.empty()) out += "    training check of the split: " + parityClass + "\n";
    if (capturedShare) {
        std::snprintf(line, sizeof line, "    captured: %.0f%% of the eager training step (forward and backward)\n",
                      100.0 * *capturedShare);
        out += line;
    }
    if (speedup) {
        std::snprintf(line, sizeof line, "    measured: eager step %.3f ms, split %.3f ms, speedup %.2fx\n", *eagerMs,
                      *splitMs, *speedup);
        out += line;
    }
    if (!notMeasured.empty()) out += "    not measured: " + notMeasured + "\n";
    std::snprintf(line, sizeof line, "    trials: %zu training checks\n", trials.size());
    return out + line;
}

nlohmann::json TrainingSeamFinding::json() const {
    nlohmann::json j{{"status", status}, {"why", why}, {"links", links}, {"links_read_targets", linksReadTargets},
                     {"point", point}, {"first_broken_link", firstBrokenLink}, {"broken_why", brokenWhy},
                     {"parity_class", parityClass}, {"declared_point", declaredPoint}};
    j["trials"] = seamTrialsJson(trials);
    if (end) j["captured_links"] = std::vector<std::string>(links.begin(), links.begin() + static_cast<long>(*end));
    if (sameAsDeclared) j["same_as_declared"] = *sameAsDeclared;
    if (capturedShare) j["captured_share"] = *capturedShare;
    if (eagerMs) j["eager_ms"] = *eagerMs;
    if (splitMs) j["split_ms"] = *splitMs;
    if (speedup) j["speedup"] = *speedup;
    if (!notMeasured.empty()) j["not_measured"] = notMeasured;
    return j;
}

}  // namespace graphlens::bench
