#include "PlanCommand.h"

#include "bench/ConsoleSweepEvents.h"
#include "bench/FamilyResolver.h"
#include "bench/PlanCosts.h"
#include "bench/UsageError.h"
#include "planning/CapturePlanner.h"
#include "planning/PlanJson.h"
#include "planning/ShapeCosts.h"
#include "results/AtomicFile.h"
#include "results/Session.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace graphlens::cli {
namespace {

std::string shapesText(const std::vector<planning::RequestShape>& shapes) {
    std::string text;
    for (const auto& shape : shapes) text += (text.empty() ? "" : " ") + planning::describe(shape);
    return text.empty() ? "-" : text;
}

void printFigures(const char* name, const planning::PlanFigures& figures, const char* fits) {
    std::printf("%-20s %9.3f %9.3f %7.1f %8.1f %9.1f%s %9.1f  %-4s %s\n", name, figures.meanMs, figures.p99Ms,
                figures.paddingWastePct, figures.eagerRequestsPct, figures.poolMiB, figures.poolIsUpperBound ? "*" : " ",
                figures.captureMs, fits, shapesText(figures.captured).c_str());
}

void printPlan(const planning::CapturePlan& plan, const planning::RequestMix& mix, const std::string& costsFrom) {
    std::printf("plan for %s: %.0f requests of %zu shapes; costs %s; budget %.0f MiB; objective %s\n", mix.source.c_str(),
                mix.total(), mix.entries.size(), costsFrom.c_str(), plan.budgetMiB, planning::nameOf(plan.objective).c_str());
    std::printf("capture (in this order): %s\n\n", shapesText(plan.chosen.captured).c_str());
    std::printf("%-20s %9s %9s %7s %8s %10s %9s  %-4s %s\n", "", "mean ms", "p99 ms", "pad %", "eager %", "pool MiB",
                "capture", "fits", "captured batches");
    printFigures("plan", plan.chosen, "yes");
    for (const auto& baseline : plan.baselines) {
        printFigures(baseline.name.c_str(), baseline.figures, baseline.fitsBudget ? "yes" : "no");
        if (!baseline.unmeasured.empty()) {
            std::string list;
            for (const auto& size : baseline.unmeasured) list += (list.empty() ? "" : " ") + size;
            std::printf("%-20s   (not measured, left out: %s)\n", "", list.c_str());
        }
    }
    std::printf("\nbest mean latency within a VRAM budget:\n");
    for (const auto& point : plan.curve) {
        std::printf("  %9.1f MiB  %9.3f ms  %s\n", point.poolMiB, point.meanMs,
                    point.captured.empty() ? "no graphs" : shapesText(point.captured).c_str());
    }
    std::printf("\n");
    for (const auto& note : plan.notes) std::printf("note: %s\n", note.c_str());
    std::printf("note: expected figures from the measured medians; check them with graphlens-cli replay-mix\n");
    if (plan.chosen.poolIsUpperBound) std::printf("* an upper bound (sum of single-shape pools)\n");
}

results::SweepPlan measuringPlan(const PlanArgs& args) {
    results::SweepPlan plan;
    plan.family = args.family;
    plan.model = args.model.path;
    plan.task = args.model.task;
    plan.jit = args.model.jit;
    plan.precision = args.precision.empty() ? "fp16" : args.precision;
    plan.memoryFormats = {args.memoryFormat};
    plan.steps = args.steps;
    plan.repeats = args.repeats;
    return plan;
}

}  // namespace

CLI::App* addPlanCommand(CLI::App& app, PlanArgs& args) {
    auto* plan = app.add_subcommand("plan", "which batch sizes to capture for a request mix under a VRAM budget");
    auto* family = plan->add_option("--family", args.family, "model family (see `list`)");
    args.model.addTo(*plan);
    plan->get_option("--model")->excludes(family);
    plan->add_option("--mix", args.mix,
                     "the demand: one request size per line (a log), or 'size count' lines (a histogram); "
                     "a size is a batch (8) or an image size and a batch (640x8)")
        ->required();
    plan->add_option("--vram-budget", args.budgetMiB, "MiB the captured graphs' shared pool may take")->required();
    plan->add_option("--objective", args.objective, "mean | p99 (the latency per request to minimise)")->capture_default_str();
    plan->add_option("--session", args.session,
                     "plan from a saved session's timed inference rows (nothing runs); without it the costs are measured now");
    plan->add_option("--precision", args.precision, "fp32 | fp16 (measuring: default fp16; a session: its own)");
    plan->add_option("--memory-format", args.memoryFormat, "nchw | channels_last (measuring)")->capture_default_str();
    plan->add_option("--imgsz", args.imgsz, "the image size of mix lines that give none (0: the family's default)")
        ->capture_default_str();
    plan->add_option("--steps", args.steps, "timed steps per arm when measuring")->capture_default_str();
    plan->add_option("--repeats", args.repeats, "rounds when measuring")->capture_default_str();
    plan->add_option("--json", args.json, "write the plan as JSON (the input of replay-mix)");
    plan->add_option("--save-session", args.saveSession, "write the measured costs as a session, for later --session runs");
    return plan;
}

int runPlan(const PlanArgs& args) {
    if (!(args.budgetMiB > 0)) throw bench::UsageError("--vram-budget must be a positive number of MiB");
    const auto objective = [&] {
        try {
            return planning::objectiveOf(args.objective);
        } catch (const std::invalid_argument& error) {
            throw bench::UsageError(std::string("--objective: ") + error.what());
        }
    }();
    planning::RequestMix mix;
    try {
        mix = planning::readRequestMix(args.mix);
    } catch (const planning::MixError& error) {
        throw bench::UsageError(error.what());
    }
    if (!args.session.empty() && !args.saveSession.empty()) {
        throw bench::UsageError("--save-session writes measured costs; with --session nothing is measured");
    }
    if (args.session.empty() && args.family.empty() && args.model.path.empty()) {
        throw bench::UsageError("plan needs --family or --model to measure, or --session to plan from saved costs");
    }

    planning::PlanContext context;
    context.family = args.family;
    context.model = args.model.path;
    context.scope = "network";
    context.memoryFormat = args.memoryFormat;
    context.mix = args.mix;
    std::vector<planning::ShapeCost> costs;
    planning::CostSelection used;
    bool measuredOnCpu = false;  // then no row can have a graph, and the reason is the device
    try {
        if (!args.session.empty()) {
            const auto session = results::readSession(args.session);
            measuredOnCpu = !session.rows.empty() && std::all_of(session.rows.begin(), session.rows.end(),
                                                                 [](const results::Measurement& row) { return row.device == "cpu"; });
            costs = planning::costsFromSession(session.rows, session.environment, {args.family, args.precision}, &used);
            context.costsFrom = args.session;
            context.family = used.family;
            for (const auto& row : session.rows) {
                if (row.family == used.family && row.phase == "infer" && !row.scope.empty()) context.scope = row.scope;
                if (row.family == used.family && !row.memory_format.empty()) context.memoryFormat = row.memory_format;
            }
            context.defaultImgsz = costs.front().shape.imgsz;
        } else {
            auto plan = measuringPlan(args);
            const auto family = bench::resolveFamily(plan);
            context.defaultImgsz = args.imgsz > 0 ? args.imgsz : family.defaultImgsz;
            auto shapes = planning::shapesToMeasure(mix);
            for (auto& shape : shapes) {
                if (shape.imgsz == 0) shape.imgsz = context.defaultImgsz;
            }
            bench::ConsoleSweepEvents events(std::cerr);
            const auto run = bench::measurePlanCosts(plan, shapes, events);
            measuredOnCpu = !run.rows.empty() && run.rows.front().device == "cpu";
            if (!args.saveSession.empty()) {
                results::Session session;
                session.session_id = run.rows.empty() ? results::newSessionId() : run.rows.front().session_id;
                session.created = results::utcTimestampNow();
                session.environment = run.environment;
                session.rows = run.rows;
                results::writeSession(args.saveSession, session);
                std::cerr << "wrote " << args.saveSession << "\n";
            }
            costs = planning::costsFromSession(run.rows, run.environment, {}, &used);
            context.costsFrom = "measured now";
        }
        // A line without an image size means the default one: known when measuring or given.
        const int defaultImgsz = args.imgsz > 0 ? args.imgsz : (args.session.empty() ? context.defaultImgsz : 0);
        for (auto& entry : mix.entries) {
            if (entry.shape.imgsz == 0 && defaultImgsz > 0) entry.shape.imgsz = defaultImgsz;
        }
        planning::alignImageSizes(mix, costs);
    } catch (const std::invalid_argument& error) {
        throw bench::UsageError((args.session.empty() ? std::string() : args.session + ": ") + error.what());
    }
    context.precision = used.precision;

    const planning::CostTable table(costs);
    if (measuredOnCpu && table.graphable().empty()) {
        throw bench::UsageError("CUDA graphs need a CUDA device, and these costs were measured on the CPU: nothing can be "
                                "captured, so serve this mix eagerly (or plan from a session measured on the GPU)");
    }
    planning::CapturePlan plan;
    try {
        plan = planning::planCaptures(mix, table, args.budgetMiB, objective);
    } catch (const planning::PlanError& error) {
        throw bench::UsageError(error.what());
    }
    printPlan(plan, mix, context.costsFrom);
    if (!args.json.empty()) {
        results::writeFileAtomically(args.json, planning::toJson(plan, context).dump(2) + "\n");
        std::cerr << "wrote " << args.json << "\n";
    }
    return 0;
}

}  // namespace graphlens::cli
