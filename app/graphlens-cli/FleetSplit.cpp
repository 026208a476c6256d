#include "FleetSplit.h"

#include "FleetCommands.h"
#include "bench/SweepSession.h"
#include "bench/UsageError.h"
#include "fleet/PlanFile.h"
#include "fleet/PlanSplit.h"
#include "results/ResultsError.h"

#include <filesystem>

namespace graphlens::cli {

void addSplitOptions(CLI::App& command, SplitArgs& args) {
    command.add_option("--plan", args.planPath, "the sweep plan (JSON, as the window and `sweep --plan` use)")->required();
    auto* shards = command.add_option("--shards", args.shards, "split into N shards, as even as the plan allows");
    auto* by = command.add_option("--by", args.by, "one shard per family, batch, phase or memory-format")
                   ->check(CLI::IsMember({"family", "batch", "phase", "memory-format"}));
    shards->excludes(by);
    command.callback([&command, shards, by] {
        if (shards->count() == 0 && by->count() == 0) throw CLI::ValidationError(command.get_name() + " needs --shards N or --by DIMENSION");
    });
}

PlanSplit splitFromArgs(const SplitArgs& args) {
    PlanSplit split;
    split.plan = fleet::readSweepPlanFile(args.planPath);
    split.plan.csv.clear();
    split.plan.json.clear();
    split.plan.autosave.clear();
    split.plan.trace.clear();
    // The shards run elsewhere (another node, the array task's folder): files the plan names, absolute.
    std::error_code ec;
    for (auto* path : {&split.plan.model, &split.plan.data}) {
        if (!path->empty() && std::filesystem::path(*path).is_relative()) *path = std::filesystem::absolute(*path, ec).string();
    }
    try {
        bench::checkSweepPlan(split.plan);
    } catch (const bench::UsageError& error) {
        throw bench::UsageError(args.planPath + ": " + error.what());
    }
    try {
        if (args.by.empty()) {
            split.shards = fleet::splitPlan(split.plan, args.shards);
            split.how = "split into " + std::to_string(split.shards.size()) + " shards";
        } else {
            split.shards = fleet::splitPlanBy(split.plan, args.by);
            split.how = "split by " + args.by + " into " + std::to_string(split.shards.size()) + " shards";
        }
    } catch (const results::ResultsError& error) {
        throw results::ResultsError(args.planPath + ": " + error.what());
    }
    return split;
}

std::string describeShard(const results::SweepPlan& shard) {
    const auto join = [](const auto& items) {
        std::string text;
        for (const auto& item : items) {
            if (!text.empty()) text += ",";
            if constexpr (std::is_same_v<std::decay_t<decltype(item)>, int>) {
                text += std::to_string(item);
            } else {
                text += item;
            }
        }
        return text;
    };
    return join(shard.phases) + "; " + join(shard.memoryFormats) + "; batch " + join(shard.batches);
}

}  // namespace graphlens::cli
