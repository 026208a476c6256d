#include "advisor/PredictionRegion.h"

#include "results/PhaseColumns.h"

#include <algorithm>
#include <initializer_list>
#include <utility>

namespace graphlens::advisor {
namespace {

using results::Measurement;

using results::PhaseColumns;
constexpr auto& kData = results::kDataColumns;
constexpr auto& kForward = results::kForwardColumns;
constexpr auto& kLoss = results::kLossColumns;
constexpr auto& kBackward = results::kBackwardColumns;
constexpr auto& kOptimizer = results::kOptimizerColumns;
constexpr auto& kPostprocess = results::kPostprocessColumns;

// Sums the region's phases into `region`; false with `why` when one of them lacks a figure. A phase
// with no kernels (a step that never launches one there) has no GPU columns: it counts as zero GPU time.
bool addRegionPhases(const Measurement& row, std::initializer_list<PhaseColumns> phases, PredictionRegion& region,
                     std::string* why) {
    for (const auto& phase : phases) {
        const auto& wall = row.*phase.phaseMs;
        if (!wall) {
            if (why) *why = std::string("no phase-pass time for ") + phase.name;
            return false;
        }
        const auto& kernels = row.*phase.kernels;
        if (!kernels) {
            if (why) *why = std::string("no kernel count for ") + phase.name + " (it comes from the profiled pass)";
            return false;
        }
        region.eagerWallMs += *wall;
        region.kernels += *kernels;
        region.gpuMs += (row.*phase.gpuUs).value_or(0) / 1000.0;
    }
    return true;
}

double restOf(const Measurement& row, std::initializer_list<PhaseColumns> phases) {
    double rest = 0;
    for (const auto& phase : phases) rest += (row.*phase.phaseMs).value_or(0);
    return rest;
}

}  // namespace

std::optional<PredictionRegion> predictionRegionOf(const Measurement& eager, std::string* why) {
    PredictionRegion region;
    if (eager.phase == "infer") {
        if (!eager.seam.empty()) {
            // The graph replaces the captured part of forward only, and forward's phase times it with
            // the eager rest: the profile does not say which kernels the graph would take.
            if (why) *why = "the graph replaces only part of forward (a seam split), which the profile does not time apart";
            return std::nullopt;
        }
        region.name = "forward";
        if (!addRegionPhases(eager, {kForward}, region, why)) return std::nullopt;
        region.eagerRestMs = restOf(eager, {kData, kPostprocess});
        return region;
    }
    if (eager.phase != "train") {
        if (why) *why = "phase '" + eager.phase + "' is neither infer nor train";
        return std::nullopt;
    }
    if (eager.scope == "step") {
        region.name = "forward, loss, backward and optimizer";
        if (!addRegionPhases(eager, {kForward, kLoss, kBackward, kOptimizer}, region, why)) return std::nullopt;
        // The data phase runs between replays in the graphed arm, where it is faster than after an
        // eager step (whose host work leaves it cold caches): its time repeated alone where the phase
        // pass measured that, else its time in the eager step.
        region.eagerRestMs = eager.data_alone_ms ? *eager.data_alone_ms : restOf(eager, {kData});
        return region;
    }
    if (eager.scope != "network") {
        if (why) *why = "training scope '" + eager.scope + "' is neither network nor step";
        return std::nullopt;
    }
    region.replays = 2;  // the forward graph and the backward graph
    if (eager.captured_ms) {
        region.name = "the captured part of forward and backward";
        if (!eager.captured_kernels) {
            if (why) *why = "no kernel count for the captured part (it comes from the profiled pass)";
            return std::nullopt;
        }
        region.eagerWallMs = *eager.captured_ms;
        region.gpuMs = eager.captured_gpu_us.value_or(0) / 1000.0;
        region.kernels = *eager.captured_kernels;
        // The captured part is nested inside forward and backward: everything else of the step stays eager.
        region.eagerRestMs = restOf(eager, {kData, kForward, kLoss, kBackward, kOptimizer}) - *eager.captured_ms;
        return region;
    }
    region.name = "forward and backward";
    if (!addRegionPhases(eager, {kForward, kBackward}, region, why)) return std::nullopt;
    region.eagerRestMs = restOf(eager, {kData, kLoss, kOptimizer});
    // The loss's backward stays eager beside the replays: its host time as the profiled pass marked it
    // (from the engine reaching the loss to the first gradient at the network's output). Older sessions
    // lack it and take the loss's own host time instead, which also holds label assignment (no
    // backward): too much for a detector (yolo-t's loss is mostly assignment).
    if (eager.loss_backward_wall_us) {
        region.lossBackwardMs = *eager.loss_backward_wall_us / 1000.0;
    } else if (eager.loss_ms) {
        region.lossBackwardMs = std::max(0.0, *eager.loss_ms - eager.loss_gpu_us.value_or(0) / 1000.0);
    }
    return region;
}

}  // namespace graphlens::advisor
