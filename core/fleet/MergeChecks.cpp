#include "fleet/MergeChecks.h"

#include "fleet/FleetManifest.h"
#include "results/ResultsError.h"

#include <map>
#include <set>
#include <string>

namespace graphlens::fleet {
namespace {

using results::ResultsError;

std::string mergeSourceVersion(const MergeSource& source) {
    const auto& env = source.session.environment;
    if (env.is_object() && env.contains("graphlens") && env["graphlens"].is_string()) return env["graphlens"];
    return source.session.rows.empty() ? std::string() : source.session.rows.front().graphlens_version;
}

// The first key in which two plan keys differ, as "precision \"fp32\" vs \"fp16\"".
std::string firstPlanKeyDifference(const nlohmann::json& a, const nlohmann::json& b) {
    std::set<std::string> keys;
    for (const auto& [key, unused] : a.items()) keys.insert(key);
    for (const auto& [key, unused] : b.items()) keys.insert(key);
    for (const auto& key : keys) {
        const auto left = a.contains(key) ? a[key].dump() : "nothing";
        const auto right = b.contains(key) ? b[key].dump() : "nothing";
        if (left != right) return key + " " + left + " vs " + right;
    }
    return "";
}

std::string overlapKey(const results::Measurement& row) {
    return row.family + "|" + row.task + "|" + row.phase + "|" + std::to_string(row.batch) + "|" +
           std::to_string(row.imgsz) + "|" + row.precision + "|" + row.memory_format + "|" + row.scope + "|" +
           row.jit + "|" + row.seam + "|" + row.arm + "|" + row.pass + "|" + row.host + "|" + row.gpu_uuid;
}

std::string overlapRowText(const results::Measurement& row) {
    std::string text = row.family + " " + row.phase + " batch " + std::to_string(row.batch) + " " + row.precision +
                       " " + row.memory_format + " " + row.scope + " scope, " + row.arm + " " + row.pass + " row";
    if (!row.host.empty()) text += " of " + row.host;
    if (!row.gpu_uuid.empty()) text += " " + row.gpu_uuid;
    return text;
}

}  // namespace

void refuseForeignSources(const std::vector<MergeSource>& sources) {
    const MergeSource* planned = nullptr;
    const MergeSource* versioned = nullptr;
    for (const auto& source : sources) {
        const auto version = mergeSourceVersion(source);
        if (!version.empty()) {
            if (versioned && mergeSourceVersion(*versioned) != version) {
                throw ResultsError(source.path.string() + ": written by GraphLens " + version + ", " +
                                   versioned->path.string() + " by GraphLens " + mergeSourceVersion(*versioned) +
                                   ": sessions of different versions are not merged (their columns and methods may differ)");
            }
            if (!versioned) versioned = &source;
        }
        if (!source.session.plan.is_object() || source.session.plan.empty()) continue;
        if (planned) {
            const auto difference = firstPlanKeyDifference(planKey(planned->session.plan), planKey(source.session.plan));
            if (!difference.empty()) {
                throw ResultsError(source.path.string() + ": its plan is not the plan of " + planned->path.string() +
                                   " (" + difference + "): sessions of different plans are not merged");
            }
        } else {
            planned = &source;
        }
    }
}

void refuseOverlaps(const std::vector<MergeSource>& sources) {
    std::map<std::string, const MergeSource*> seen;
    for (const auto& source : sources) {
        for (const auto& row : source.session.rows) {
            const auto [it, added] = seen.emplace(overlapKey(row), &source);
            if (added) continue;
            throw ResultsError(source.path.string() + ": the " + overlapRowText(row) + " is also in " +
                               it->second->path.string() + ": the sessions overlap (one shard or session merged twice?)");
        }
    }
}

}  // namespace graphlens::fleet
