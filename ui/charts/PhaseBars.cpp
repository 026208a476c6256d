#include "ui/charts/PhaseBars.h"

#include <algorithm>
#include <set>

namespace graphlens::ui {
namespace {

using results::Measurement;

const std::vector<std::string> kArms{"eager", "graphed"};

// In step order: the bar stacks its phases in this order, data at the bottom.
std::vector<MetricSpec> phaseSpecs() {
    return {{"data_ms", [](const Measurement& r) { return r.data_ms; }},
            {"forward_ms", [](const Measurement& r) { return r.forward_ms; }},
            {"loss_ms", [](const Measurement& r) { return r.loss_ms; }},
            {"backward_ms", [](const Measurement& r) { return r.backward_ms; }},
            {"optimizer_ms", [](const Measurement& r) { return r.optimizer_ms; }},
            // A whole-step graph: forward, loss, backward and optimizer in one replay, one segment.
            {"replay_ms", [](const Measurement& r) { return r.replay_ms; }},
            {"postprocess_ms", [](const Measurement& r) { return r.postprocess_ms; }}};
}

// The phases plus the figures a bar carries for its marker, note and tooltips.
std::vector<MetricSpec> barMetricSpecs() {
    auto specs = phaseSpecs();
    specs.push_back({"network_fraction", [](const Measurement& r) { return r.network_fraction; }});
    specs.push_back({"speedup_ceiling", [](const Measurement& r) { return r.speedup_ceiling; }});
    specs.push_back({"speedup", [](const Measurement& r) { return r.speedup; }});
    return specs;
}

// A phase only when some row has it: inference rows have no loss, backward or optimizer.
std::vector<std::string> presentPhases(const std::vector<MetricCurve>& curves) {
    std::vector<std::string> phases;
    for (const auto& spec : phaseSpecs()) {
        if (std::any_of(curves.begin(), curves.end(), [&](const auto& c) { return c.metric == spec.name; })) {
            phases.push_back(spec.name);
        }
    }
    return phases;
}

const MetricCurve* findCurve(const std::vector<MetricCurve>& curves, const SeriesKey& key, const std::string& arm,
                             const std::string& metric) {
    for (const auto& c : curves) {
        if (c.key == key && c.arm == arm && c.metric == metric) return &c;
    }
    return nullptr;
}

std::optional<double> valueAt(const std::vector<MetricCurve>& curves, const SeriesKey& key, const std::string& arm,
                              const std::string& metric, int batch) {
    const auto* curve = findCurve(curves, key, arm, metric);
    return curve ? curve->at(batch) : std::nullopt;
}

// The batches where the key has some phase time, either arm: a network fraction alone makes no bar.
std::set<int> phaseBatches(const std::vector<MetricCurve>& curves, const std::vector<std::string>& phases,
                           const SeriesKey& key) {
    std::set<int> batches;
    for (const auto& c : curves) {
        if (!(c.key == key) || std::find(phases.begin(), phases.end(), c.metric) == phases.end()) continue;
        for (const auto& p : c.points) batches.insert(p.batch);
    }
    return batches;
}

// Nothing when this arm measured none of the phases at this batch.
std::optional<PhaseBar> makeBar(const std::vector<MetricCurve>& curves, const std::vector<std::string>& phases,
                                const SeriesKey& key, int batch, const std::string& arm) {
    PhaseBar bar;  // field by field: a positional initializer would shift when PhaseBar gains a member
    bar.key = key;
    bar.batch = batch;
    bar.arm = arm;
    bar.oneReplay = key.phase == "train" && key.scope == "step" && arm == "graphed";
    for (const auto& phase : phases) bar.phaseMs.push_back(valueAt(curves, key, arm, phase, batch));
    if (std::none_of(bar.phaseMs.begin(), bar.phaseMs.end(), [](const auto& ms) { return ms.has_value(); })) {
        return std::nullopt;
    }
    bar.networkFraction = valueAt(curves, key, arm, "network_fraction", batch);
    bar.speedupCeiling = valueAt(curves, key, arm, "speedup_ceiling", batch);
    bar.speedup = valueAt(curves, key, arm, "speedup", batch);
    return bar;
}

}  // namespace

double PhaseBar::stackedMs() const {
    double total = 0;
    for (const auto& ms : phaseMs) total += ms.value_or(0.0);
    return total;
}

PhaseBars PhaseBars::of(const std::vector<Measurement>& rows, const SeriesGrouping& grouping) {
    const auto curves = metricCurves(rows, kArms, barMetricSpecs(), grouping);
    PhaseBars out;
    out.grouping = grouping;
    out.keys = seriesKeys(rows, grouping);
    out.phases = presentPhases(curves);
    for (const auto& key : out.keys) {
        for (int batch : phaseBatches(curves, out.phases, key)) {
            for (const auto& arm : kArms) {
                if (auto bar = makeBar(curves, out.phases, key, batch, arm)) out.bars.push_back(std::move(*bar));
            }
        }
    }
    return out;
}

std::optional<int> PhaseBars::indexOf(const Measurement& row) const {
    for (size_t b = 0; b < bars.size(); ++b) {
        const auto& bar = bars[b];
        if (bar.batch == row.batch && bar.arm == row.arm && bar.key == SeriesKey::of(row, grouping)) return int(b);
    }
    return std::nullopt;
}

double PhaseBars::maxStackedMs() const {
    double most = 0;
    for (const auto& bar : bars) most = std::max(most, bar.stackedMs());
    return most;
}

}  // namespace graphlens::ui
