#include "planning/ShapeCosts.h"

#include "results/Measurement.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace graphlens::planning {
namespace {

bool feedsPlan(const results::Measurement& row) {
    return row.pass == "timed" && row.phase == "infer" && row.status == "ok" && row.step_ms_median &&
           (row.arm == "eager" || row.arm == "graphed");
}

// The one value a field has among the rows, or the chosen one; throws when several and none chosen.
std::string pickOne(const std::set<std::string>& values, const std::string& chosen, const char* what, const char* option) {
    if (!chosen.empty()) {
        if (!values.count(chosen)) {
            std::string have;
            for (const auto& value : values) have += (have.empty() ? "" : ", ") + value;
            throw std::invalid_argument(std::string("no timed inference rows of ") + what + " '" + chosen + "' (the session has: " + have + ")");
        }
        return chosen;
    }
    if (values.size() > 1) {
        std::string have;
        for (const auto& value : values) have += (have.empty() ? "" : ", ") + value;
        throw std::invalid_argument(std::string("the session holds several ") + what + "s (" + have + "): choose one with " + option);
    }
    return *values.begin();
}

}  // namespace

std::optional<double> ShapeCost::incrementBeside(const RequestShape& base) const {
    const auto found = pooledIncrementMiBByBase.find(base);
    if (found != pooledIncrementMiBByBase.end()) return found->second;
    return pooledIncrementMiB;
}

std::vector<ShapeCost> costsFromSession(const std::vector<results::Measurement>& rows, const nlohmann::json& environment,
                                        const CostSelection& selection, CostSelection* selected) {
    std::set<std::string> families;
    for (const auto& row : rows) {
        if (feedsPlan(row)) families.insert(row.family);
    }
    if (families.empty()) {
        throw std::invalid_argument("the session has no timed inference rows that ran (a plan needs eager and graphed step times)");
    }
    const std::string family = pickOne(families, selection.family, "family", "--family");
    std::set<std::string> precisions;
    for (const auto& row : rows) {
        if (feedsPlan(row) && row.family == family) precisions.insert(row.precision);
    }
    const std::string precision = pickOne(precisions, selection.precision, "precision", "--precision");
    if (selected) *selected = {family, precision};

    std::map<RequestShape, ShapeCost> byShape;
    for (const auto& row : rows) {
        if (!feedsPlan(row) || row.family != family || row.precision != precision) continue;
        const RequestShape shape{row.imgsz, row.batch};
        auto& cost = byShape[shape];
        cost.shape = shape;
        if (row.arm == "eager") {
            cost.eagerMs = *row.step_ms_median;
        } else {
            cost.graphedMs = row.step_ms_median;
            cost.poolMiB = row.graph_pool_mb;
            cost.captureMs = row.capture_ms;
        }
    }
    const auto pooled = environment.is_object() ? environment.find(kPooledCaptureKey) : environment.end();
    if (environment.is_object() && pooled != environment.end() && pooled->is_array()) {
        for (const auto& item : *pooled) {
            if (!item.is_object() || item.value("family", family) != family || item.value("precision", precision) != precision) continue;
            const RequestShape shape{item.value("imgsz", 0), item.value("batch", 0)};
            const auto found = byShape.find(shape);
            if (found == byShape.end() || !item.contains("increment_mib") || !item["increment_mib"].is_number()) continue;
            const double increment = item["increment_mib"].get<double>();
            if (item.contains("base_batch") && item["base_batch"].is_number_integer()) {
                found->second.pooledIncrementMiBByBase[{item.value("base_imgsz", 0), item["base_batch"].get<int>()}] = increment;
            } else {
                found->second.pooledIncrementMiB = increment;
            }
        }
    }
    std::vector<ShapeCost> costs;
    for (auto& [shape, cost] : byShape) {
        if (cost.eagerMs > 0) costs.push_back(cost);  // a shape without its eager arm cannot be served eagerly
    }
    if (costs.empty()) throw std::invalid_argument("the session's inference rows have no eager step times for " + family);
    return costs;
}

void alignImageSizes(RequestMix& mix, std::vector<ShapeCost>& costs) {
    std::set<int> measured;
    for (const auto& cost : costs) measured.insert(cost.shape.imgsz);
    if (measured.size() == 1 && *measured.begin() != 0) {
        const int size = *measured.begin();
        for (auto& cost : costs) {
            cost.shape.imgsz = 0;
            std::map<RequestShape, double> rekeyed;
            for (const auto& [base, increment] : cost.pooledIncrementMiBByBase) rekeyed[{base.imgsz == size ? 0 : base.imgsz, base.batch}] = increment;
            cost.pooledIncrementMiBByBase = std::move(rekeyed);
        }
        std::map<RequestShape, MixEntry> merged;
        for (auto entry : mix.entries) {
            if (entry.shape.imgsz == size) entry.shape.imgsz = 0;
            auto [it, fresh] = merged.try_emplace(entry.shape, entry);
            if (!fresh) {
                it->second.count += entry.count;
                it->second.firstLine = std::min(it->second.firstLine, entry.firstLine);
            }
        }
        mix.entries.clear();
        for (auto& [shape, entry] : merged) mix.entries.push_back(entry);
        return;
    }
    if (measured.size() > 1) {
        for (const auto& entry : mix.entries) {
            if (entry.shape.imgsz != 0) continue;
            std::string sizes;
            for (int size : measured) sizes += (sizes.empty() ? "" : ", ") + std::to_string(size);
            throw std::invalid_argument(mix.source + ":" + std::to_string(entry.firstLine) +
                                        ": the request gives no image size, but the costs hold several (" + sizes +
                                        "): write it as <image size>x<batch>, e.g. " + std::to_string(*measured.rbegin()) + "x" +
                                        std::to_string(entry.shape.batch));
        }
    }
}

}  // namespace graphlens::planning
