#include "ReplayMixCommand.h"

#include "CliErrors.h"
#include "bench/FamilyResolver.h"
#include "bench/InferencePairs.h"
#include "bench/MixReplay.h"
#include "bench/UsageError.h"
#include "planning/PlanJson.h"
#include "results/AtomicFile.h"

#include <torch/cuda.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

namespace graphlens::cli {
namespace {

using planning::RequestShape;

nlohmann::json readPlanFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw bench::UsageError(path + ": cannot be read (expected a plan written by graphlens-cli plan --json)");
    try {
        return nlohmann::json::parse(file);
    } catch (const nlohmann::json::parse_error& error) {
        throw bench::UsageError(path + ": not JSON (" + std::string(error.what()) + ")");
    }
}

std::vector<RequestShape> resolved(std::vector<RequestShape> shapes, int defaultImgsz) {
    for (auto& shape : shapes) {
        if (shape.imgsz == 0) shape.imgsz = defaultImgsz;
    }
    return shapes;
}

double errorPct(double predicted, double measured) { return measured > 0 ? 100.0 * (predicted - measured) / measured : 0; }

struct ReplayedSet {
    std::string name;
    planning::PlanFigures predicted;
    bench::MixReplayResult measured;
};

nlohmann::json toJson(const ReplayedSet& set, int defaultImgsz) {
    auto captured = nlohmann::json::array();
    for (const auto& shape : set.measured.captured) {
        captured.push_back({{"imgsz", shape.imgsz == defaultImgsz ? 0 : shape.imgsz}, {"batch", shape.batch}});
    }
    auto byShape = nlohmann::json::array();
    for (const auto& [shape, ms] : set.measured.meanMsByShape) byShape.push_back({{"shape", planning::describe(shape)}, {"mean_ms", ms}});
    return {{"name", set.name},
            {"captured", captured},
            {"failed_captures", set.measured.failedCaptures},
            {"requests", set.measured.requests},
            {"measured", {{"mean_ms", set.measured.meanMs}, {"p50_ms", set.measured.p50Ms}, {"p90_ms", set.measured.p90Ms},
                          {"p99_ms", set.measured.p99Ms}, {"max_ms", set.measured.maxMs},
                          {"eager_requests_pct", set.measured.eagerRequestsPct}, {"pool_mib", set.measured.poolMiB},
                          {"capture_ms", set.measured.captureMs}, {"mean_ms_by_shape", byShape}}},
            {"predicted", planning::toJson(set.predicted)},
            {"mean_error_pct", errorPct(set.predicted.meanMs, set.measured.meanMs)},
            {"pool_error_pct", errorPct(set.predicted.poolMiB, set.measured.poolMiB)}};
}

}  // namespace

CLI::App* addReplayMixCommand(CLI::App& app, ReplayMixArgs& args) {
    auto* replay = app.add_subcommand("replay-mix", "play a request stream from a mix through a plan's graphs and measure it");
    replay->add_option("--plan", args.plan, "a plan written by graphlens-cli plan --json")->required();
    replay->add_option("--mix", args.mix, "the mix to draw requests from (the plan's, or another to test it against)")->required();
    replay->add_option("--requests", args.requests, "requests to play (timed, after a warm-up of every shape)")->capture_default_str();
    replay->add_option("--seed", args.seed, "seed of the request stream")->capture_default_str();
    replay->add_flag("--also-baselines", args.alsoBaselines, "replay the plan's baselines too, each in a fresh pool");
    replay->add_option("--json", args.json, "write the measured and predicted figures as JSON");
    return replay;
}

int runReplayMix(const ReplayMixArgs& args) {
    if (args.requests < 1) throw bench::UsageError("--requests must be 1 or more");
    const auto planJson = readPlanFile(args.plan);
    planning::PlanContext context;
    std::vector<ReplayedSet> sets;
    try {
        context = planning::planContextFromJson(planJson);
        sets.push_back({"plan", planning::chosenFiguresFromJson(planJson), {}});
        if (args.alsoBaselines) {
            for (const auto& baseline : planJson.value("baselines", nlohmann::json::array())) {
                nlohmann::json wrapped{{"chosen", baseline}};
                sets.push_back({baseline.value("name", std::string("baseline")), planning::chosenFiguresFromJson(wrapped), {}});
            }
        }
    } catch (const std::exception& error) {
        throw bench::UsageError(args.plan + ": " + error.what());
    }
    planning::RequestMix mix;
    try {
        mix = planning::readRequestMix(args.mix);
    } catch (const planning::MixError& error) {
        throw bench::UsageError(error.what());
    }
    if (!torch::cuda::is_available()) {
        std::cerr << "graphlens-cli: replay-mix replays CUDA graphs and needs a CUDA device; this machine has none\n";
        return kRunFailed;
    }

    results::SweepPlan plan;
    plan.family = context.family;
    plan.model = context.model;
    plan.precision = context.precision;
    plan.memoryFormats = {context.memoryFormat};
    plan.scope = "network";
    const auto family = bench::resolveFamily(plan);
    const int defaultImgsz = context.defaultImgsz > 0 ? context.defaultImgsz : family.defaultImgsz;
    for (auto& entry : mix.entries) {
        if (entry.shape.imgsz == 0) entry.shape.imgsz = defaultImgsz;
    }
    torch::NoGradGuard noGrad;
    auto pairs = bench::makePlannerPairs(family, plan, defaultImgsz,
                                         [](const std::string& text) { std::cerr << "warning: " << text << "\n"; });

    bench::MixReplayOptions options;
    options.requests = args.requests;
    options.seed = args.seed;
    std::printf("replaying %d requests from %s through %s (%s, %s)\n\n", args.requests, args.mix.c_str(),
                context.family.empty() ? context.model.c_str() : context.family.c_str(), context.precision.c_str(),
                context.memoryFormat.c_str());
    std::printf("%-20s %9s %9s %7s %9s %9s %7s %9s %9s %7s\n", "", "mean ms", "predicted", "error", "p99 ms", "predicted",
                "eager%", "pool MiB", "predicted", "error");
    for (auto& set : sets) {
        set.measured = bench::replayMix(*pairs, mix, resolved(set.predicted.captured, defaultImgsz), options);
        std::printf("%-20s %9.3f %9.3f %+6.1f%% %9.3f %9.3f %7.1f %9.1f %9.1f %+6.1f%%\n", set.name.c_str(), set.measured.meanMs,
                    set.predicted.meanMs, errorPct(set.predicted.meanMs, set.measured.meanMs), set.measured.p99Ms,
                    set.predicted.p99Ms, set.measured.eagerRequestsPct, set.measured.poolMiB, set.predicted.poolMiB,
                    errorPct(set.predicted.poolMiB, set.measured.poolMiB));
        for (const auto& failure : set.measured.failedCaptures) std::printf("  capture failed: %s\n", failure.c_str());
    }
    std::printf("\nerror = 100 x (predicted - measured) / measured; latency from the copy into the padded batch to the end\n"
                "of a device synchronize; p99 measured by linear interpolation between ranks\n");
    if (!args.json.empty()) {
        nlohmann::json out{{"format", "graphlens-mix-replay"}, {"plan", args.plan}, {"mix", args.mix},
                           {"requests", args.requests}, {"seed", args.seed}, {"device", torch::cuda::device_count() > 0 ? "cuda:0" : ""}};
        auto list = nlohmann::json::array();
        for (const auto& set : sets) list.push_back(toJson(set, defaultImgsz));
        out["sets"] = list;
        results::writeFileAtomically(args.json, out.dump(2) + "\n");
        std::cerr << "wrote " << args.json << "\n";
    }
    return 0;
}

}  // namespace graphlens::cli
