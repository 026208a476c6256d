#include "fleet/PlanSplit.h"

#include "results/ResultsError.h"

#include <cstddef>

namespace graphlens::fleet {
namespace {

using results::SweepPlan;

// A shard names no outputs: the task that runs it chooses them (fleet/FleetDirectory.h).
SweepPlan shardWithoutOutputs(SweepPlan plan) {
    plan.csv.clear();
    plan.json.clear();
    plan.autosave.clear();
    plan.trace.clear();
    return plan;
}

// items cut into `parts` contiguous groups whose sizes differ by at most one (parts <= items.size()).
template <typename T>
std::vector<std::vector<T>> contiguousGroups(const std::vector<T>& items, std::size_t parts) {
    std::vector<std::vector<T>> groups;
    std::size_t begin = 0;
    for (std::size_t part = 0; part < parts; ++part) {
        const std::size_t size = items.size() / parts + (part < items.size() % parts ? 1 : 0);
        groups.emplace_back(items.begin() + static_cast<std::ptrdiff_t>(begin),
                            items.begin() + static_cast<std::ptrdiff_t>(begin + size));
        begin += size;
    }
    return groups;
}

// How many of `total` shards each of `cells` cells gets: as even as possible, every cell at least one.
std::vector<std::size_t> shardsPerCell(std::size_t total, std::size_t cells) {
    std::vector<std::size_t> counts(cells, total / cells);
    for (std::size_t i = 0; i < total % cells; ++i) ++counts[i];
    return counts;
}

}  // namespace

std::vector<PlanPoint> planPoints(const SweepPlan& plan) {
    std::vector<PlanPoint> points;
    for (const auto& phase : plan.phases) {
        for (const auto& format : plan.memoryFormats) {
            for (const int batch : plan.batches) points.push_back({phase, format, batch});
        }
    }
    return points;
}

std::vector<SweepPlan> splitPlan(const SweepPlan& plan, int shards) {
    const std::size_t batches = plan.batches.size(), formats = plan.memoryFormats.size(),
                      phases = plan.phases.size();
    const std::size_t points = batches * formats * phases;
    if (shards < 1) throw results::ResultsError("--shards " + std::to_string(shards) + ": expected 1 or more shards");
    const auto wanted = static_cast<std::size_t>(shards);
    if (wanted > points) {
        throw results::ResultsError("the plan cannot be split " + std::to_string(shards) + " ways: it has " +
                                    std::to_string(points) + " point" + (points == 1 ? "" : "s") + " (" +
                                    std::to_string(phases) + " phase(s) x " + std::to_string(formats) +
                                    " memory format(s) x " + std::to_string(batches) +
                                    " batch size(s)), and a shard holds at least one");
    }
    const SweepPlan base = shardWithoutOutputs(plan);
    std::vector<SweepPlan> result;
    if (wanted <= batches) {
        // Batch sizes divided, every shard with all phases and formats.
        for (auto& group : contiguousGroups(plan.batches, wanted)) {
            auto shard = base;
            shard.batches = std::move(group);
            result.push_back(std::move(shard));
        }
    } else if (wanted <= batches * formats) {
        // One batch size per shard or more shards per batch size, its formats divided.
        const auto counts = shardsPerCell(wanted, batches);
        for (std::size_t b = 0; b < batches; ++b) {
            for (auto& group : contiguousGroups(plan.memoryFormats, counts[b])) {
                auto shard = base;
                shard.batches = {plan.batches[b]};
                shard.memoryFormats = std::move(group);
                result.push_back(std::move(shard));
            }
        }
    } else {
        // One (batch, format) per shard or more, its phases divided.
        const auto counts = shardsPerCell(wanted, batches * formats);
        for (std::size_t b = 0; b < batches; ++b) {
            for (std::size_t f = 0; f < formats; ++f) {
                for (auto& group : contiguousGroups(plan.phases, counts[b * formats + f])) {
                    auto shard = base;
                    shard.batches = {plan.batches[b]};
                    shard.memoryFormats = {plan.memoryFormats[f]};
                    shard.phases = std::move(group);
                    result.push_back(std::move(shard));
                }
            }
        }
    }
    return result;
}

std::vector<SweepPlan> splitPlanBy(const SweepPlan& plan, const std::string& dimension) {
    const SweepPlan base = shardWithoutOutputs(plan);
    std::vector<SweepPlan> result;
    if (dimension == "family") {
        result.push_back(base);
    } else if (dimension == "batch") {
        for (const int batch : plan.batches) {
            auto shard = base;
            shard.batches = {batch};
            result.push_back(std::move(shard));
        }
    } else if (dimension == "phase") {
        for (const auto& phase : plan.phases) {
            auto shard = base;
            shard.phases = {phase};
            result.push_back(std::move(shard));
        }
    } else if (dimension == "memory-format") {
        for (const auto& format : plan.memoryFormats) {
            auto shard = base;
            shard.memoryFormats = {format};
            result.push_back(std::move(shard));
        }
    } else {
        throw results::ResultsError("--by '" + dimension + "': expected family, batch, phase or memory-format");
    }
    return result;
}

}  // namespace graphlens::fleet
