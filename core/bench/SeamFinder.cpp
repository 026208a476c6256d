#include "bench/SeamFinder.h"

#include "bench/InterleavedTiming.h"
#include "bench/SynchronizedPhaseTimer.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphRunner.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"
#include "graphs/ParityCheck.h"
#include "results/RoundStatistics.h"

#include <torch/torch.h>

#include <cstdio>

namespace graphlens::bench {
namespace {

constexpr int kPhaseSamples = 7;
constexpr int kExecutorWarmup = 3;

graphs::GraphRunnerOptions runnerOptions(const SeamFinderOptions& options) {
    graphs::GraphRunnerOptions runner;
    runner.mode = graphs::GraphMode::On;
    runner.warmupIterations = options.warmupIterations;
    runner.backend = options.backend;
    runner.warn = [](const std::string&) {};
    return runner;
}

// The split against eager, timed as the sweep times its arms: interleaved blocks, rounds.
class SplitStep : public TimedStep {
public:
    SplitStep(graphs::GraphRunner& runner, torch::Tensor batch) : runner_(runner), batch_(std::move(batch)) {}
    void run(Arm arm, profiler::PhaseObserver& observer) override {
        profiler::StepPhase phase(observer, "forward");
        if (arm == Arm::Eager) {
            (void)runner_.runEager(batch_);
        } else {
            (void)runner_.runReturningStaticBuffers(batch_);
        }
    }
    bool hasGraphedArm() const override { return true; }
    void requireReplaying() const override {
        if (!runner_.hasGraph(batch_)) throw std::runtime_error("the split was not captured");
    }
    GraphedArmFigures graphedFigures() const override { return {}; }

private:
    graphs::GraphRunner& runner_;
    torch::Tensor batch_;
};

// Each link's eager time, synchronised at every link boundary (the phase pass's observer).
std::vector<double> linkTimes(const families::ModuleChain& chain, const torch::Tensor& batch,
                              const graphs::DeviceMemory& memory) {
    SynchronizedPhaseTimer timer(memory);
    torch::NoGradGuard noGrad;
    for (int sample = 0; sample < kPhaseSamples; ++sample) {
        c10::IValue value = batch;
        for (const auto& link : chain.links) {
            profiler::StepPhase phase(timer, link.name.c_str());
            value = link.forward(value);
        }
    }
    std::vector<double> times;
    for (const auto& link : chain.links) times.push_back(timer.medianMs(link.name).value_or(0.0));
    return times;
}

}  // namespace

std::unique_ptr<graphs::GraphRunner> segmentRunner(const families::Family& family, torch::nn::AnyModule& network,
                                                   const families::ModuleChain& chain, std::size_t begin,
                                                   std::size_t end, const SeamFinderOptions& options) {
    return std::make_unique<graphs::GraphRunner>(
        network.ptr(), families::segmentSeam(chain, begin, end), family.name,
        families::GraphSupport{families::GraphSupportKind::Seam, "found by the seam search"}, runnerOptions(options));
}

families::SegmentTrial trySegment(const families::Family& family, torch::nn::AnyModule& network,
                                  const families::ModuleChain& chain, std::size_t begin, std::size_t end,
                                  const torch::Tensor& probeA, const torch::Tensor& probeB,
                                  const SeamFinderOptions& options, double* maxAbsDiff) {
    families::SegmentTrial trial;
    try {
        auto runner = segmentRunner(family, network, chain, begin, end, options);
        const auto report = graphs::checkInferenceParity(*runner, probeA, probeB, options.warmupIterations);
        trial.capturable = report.passed();
        trial.why = report.passed() ? "" : (report.message.empty() ? toString(report.result) : report.message);
        if (maxAbsDiff) *maxAbsDiff = report.maxAbsDiff;
    } catch (const std::exception& error) {
        trial.why = error.what();
    }
    return trial;
}

SeamFinding findSeam(const families::Family& family, torch::nn::AnyModule& network, const torch::Tensor& probeA,
                     const torch::Tensor& probeB, const SeamFinderOptions& options) {
    SeamFinding finding;
    const auto chain = family.moduleChain ? family.moduleChain(network) : std::nullopt;
    if (!chain) {
        finding.status = "not-a-chain";
        finding.why = family.moduleChain ? "the network has fewer than two submodules to split between"
                                         : family.name + " does not describe its network as a chain of submodules";
        return finding;
    }
    for (const auto& link : chain->links) finding.links.push_back(link.name);
    torch::NoGradGuard noGrad;
    // A split is proven by comparing it with eager; a model whose eager output changes from call to
    // call (random draws, state kept across calls) cannot be compared with anything.
    if (!graphs::repeatsBitwise([&] { return graphs::forwardOf(network)(probeA); })) {
        finding.status = "unprovable";
        finding.why = "its eager output changes from call to call (random draws, or state kept across calls), "
                      "so no split can be proven equal to it";
        return finding;
    }
    // TorchScript's executor profiles the first calls of each method and then runs an optimised plan,
    // which in fp16 rounds differently: each link runs its optimised plan before it is compared.
    try {
        for (int i = 0; i < kExecutorWarmup; ++i) {
            (void)chain->run(probeA, 0, chain->size());
            (void)chain->run(probeB, 0, chain->size());
        }
    } catch (const std::exception&) {  // said below, with the comparison
    }
    // The chain is a claim: its links in order must be the network's forward, bit for bit.
    for (const auto* probe : {&probeA, &probeB}) {
        const auto whole = graphs::forwardOf(network)(*probe);
        c10::IValue chained;
        try {
            chained = chain->run(*probe, 0, chain->size());
        } catch (const std::exception& error) {
            finding.status = "not-a-chain";
            finding.why = std::string("its submodules called one after another fail: ") + error.what();
            return finding;
        }
        const auto comparison = graphs::compareBitwise(whole, chained);
        if (!comparison.equal) {
            finding.status = "not-a-chain";
            finding.why = "its submodules called one after another do not give its forward's output (" +
                          comparison.firstMismatch + "): forward is not a plain chain";
            return finding;
        }
    }
    const graphs::DeviceMemory memory(probeA.device());
    const auto weights = linkTimes(*chain, probeA, memory);
    const auto search = families::searchChainSeam(
        chain->size(),
        [&](std::size_t begin, std::size_t end) {
            return trySegment(family, network, *chain, begin, end, probeA, probeB, options);
        },
        weights);
    finding.trials = search.trials;
    if (search.firstBrokenLink && *search.firstBrokenLink < chain->size()) {
        finding.firstBrokenLink = chain->links[*search.firstBrokenLink].name;
        finding.brokenWhy = search.brokenWhy;
    }
    if (!search.begin || !search.end) {
        finding.status = "none";
        finding.why = "no link of the chain captures and replays bit for bit on its own";
        return finding;
    }
    finding.begin = search.begin;
    finding.end = search.end;
    finding.status = search.wholeChain ? "whole" : "found";
    auto runner = segmentRunner(family, network, *chain, *search.begin, *search.end, options);
    finding.point = runner->info().seamPoint;
    double captured = 0, total = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        total += weights[i];
        if (i >= *search.begin && i < *search.end) captured += weights[i];
    }
    if (total > 0) finding.capturedShare = captured / total;
    const auto report = graphs::checkInferenceParity(*runner, probeA, probeB, options.warmupIterations);
    finding.joinedBitExact = report.passed();
    if (!finding.joinedBitExact) {
        finding.status = "none";
        finding.why = "the joined split is not bit-exact: " + report.message;
        return finding;
    }
    if (options.measure) {
        SplitStep step(*runner, probeA);
        const auto rounds = timeInterleaved(step, /*withGraphed=*/true, options.steps, options.repeats, memory, {});
        // The sweep's headline figure: the median of the round medians (results/RoundStatistics.h).
        finding.eagerMs = results::median(results::roundMedians(rounds.eager));
        finding.splitMs = results::median(results::roundMedians(rounds.graphed));
        if (*finding.splitMs > 0) finding.speedup = *finding.eagerMs / *finding.splitMs;
    }
    return finding;
}

std::string SeamFinding::text() const {
    std::string out = "  seam search: ";
    char line[256];
    if (status == "not-a-chain" || status == "none" || status == "unprovable") return out + status + ": " + why + "\n";
    out += status == "whole" ? "every link captures together (" + std::to_string(links.size()) + " links)\n"
                             : "capture " + point + "\n";
    if (!firstBrokenLink.empty()) {
        out += "    first link that breaks capture: " + firstBrokenLink + " (" +
               brokenWhy.substr(0, brokenWhy.find('\n')).substr(0, 160) + ")\n";
    }
    if (capturedShare) {
        std::snprintf(line, sizeof line, "    captured: %zu of %zu links, %.0f%% of the eager network time\n",
                      *end - *begin, links.size(), 100.0 * *capturedShare);
        out += line;
    }
    out += std::string("    joined output vs eager: ") + (joinedBitExact ? "bit-exact on both probes" : "DIFFERS") + "\n";
    if (speedup) {
        std::snprintf(line, sizeof line, "    measured: eager %.3f ms, split %.3f ms, speedup %.2fx\n", *eagerMs,
                      *splitMs, *speedup);
        out += line;
    }
    std::snprintf(line, sizeof line, "    trials: %zu captures\n", trials.size());
    return out + line;
}

nlohmann::json seamTrialsJson(const std::vector<families::SegmentTrialLog>& trials) {
    auto array = nlohmann::json::array();
    for (const auto& trial : trials) {
        array.push_back({{"begin", trial.begin}, {"end", trial.end}, {"capturable", trial.outcome.capturable},
                         {"why", trial.outcome.why}});
    }
    return array;
}

nlohmann::json SeamFinding::json() const {
    nlohmann::json j{{"status", status}, {"why", why}, {"links", links}, {"point", point},
                     {"first_broken_link", firstBrokenLink}, {"broken_why", brokenWhy},
                     {"joined_bit_exact", joinedBitExact}};
    j["trials"] = seamTrialsJson(trials);
    if (begin) j["captured_links"] = std::vector<std::string>(links.begin() + static_cast<long>(*begin),
                                                                links.begin() + static_cast<long>(*end));
    if (capturedShare) j["captured_share"] = *capturedShare;
    if (eagerMs) j["eager_ms"] = *eagerMs;
    if (splitMs) j["split_ms"] = *splitMs;
    if (speedup) j["speedup"] = *speedup;
    return j;
}

}  // namespace graphlens::bench
