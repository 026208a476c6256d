#include "train/TrainingVerify.h"

#include <cstdio>

namespace graphlens::train {

int trainingVerifyImageSize(const families::Family& family) {
    // Small inputs keep the check quick; a graph does not care about the size. Detectors get 128 px:
    // rtdetr-r18 selects 300 queries from its encoder's positions (128 px gives 336).
    return family.task == "classify" ? 64 : family.task == "detect" ? 128 : 96;
}

std::vector<TrainingVerifyRow> verifyTraining(const std::vector<families::Family>& families, TrainingPrecision precision,
                                              const std::string& optimizer, torch::Device device,
                                              const TrainingVerifySize& size) {
    std::vector<TrainingVerifyRow> rows;
    for (const auto& family : families) {
        TrainingVerifyRow row;
        row.family = family.name;
        row.declaration = families::toString(family.training.widest);
        row.reason = family.training.reason;
        for (const auto scope : {families::TrainingGraphScope::Network, families::TrainingGraphScope::Step}) {
            if (!family.training.supports(scope)) {
                if (scope == families::TrainingGraphScope::Network && !family.training.networkRefused.empty()) {
                    row.refusedScopes.push_back("network scope not declared: " + family.training.networkRefused);
                }
                continue;
            }
            TrainingParityOptions options;
            options.scope = scope;
            options.precision = precision;
            options.optimizer = optimizer;
            options.device = device;
            options.imgsz = trainingVerifyImageSize(family);
            if (size.imgsz > 0) options.imgsz = size.imgsz;
            if (size.batch > 0) options.batch = size.batch;
            auto result = checkTrainingParity(family, options);
            result.batch = options.batch;
            result.imgsz = options.imgsz;
            row.scopes.push_back(std::move(result));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string trainingVerifyTable(const std::vector<TrainingVerifyRow>& rows) {
    std::string table =
        "family            scope    optimizer precision  step 0   step-0 loss  gradients       parameters      replayed\n";
    char line[256];
    for (const auto& row : rows) {
        if (row.scopes.empty()) {
            std::snprintf(line, sizeof line, "%-17s none     (%s)\n", row.family.c_str(), row.reason.c_str());
            table += line;
            continue;
        }
        for (const auto& r : row.scopes) {
            if (!r.error.empty()) {
                std::snprintf(line, sizeof line, "%-17s %-8s %-9s %-10s error: %s\n", r.family.c_str(), r.scope.c_str(),
                              r.optimizer.c_str(), r.precision.c_str(), r.error.c_str());
                table += line;
                continue;
            }
            std::snprintf(line, sizeof line, "%-17s %-8s %-9s %-10s %-8s %-12s %-15s %-15s %lld of %d  -> %s\n",
                          r.family.c_str(), r.scope.c_str(), r.optimizer.c_str(), r.precision.c_str(),
                          r.stepZeroReplayed ? "replay" : "eager", r.lossZeroIdentical ? "identical" : "differs",
                          toString(r.gradientClass), toString(r.parameterClass), static_cast<long long>(r.replayed), r.steps,
                          toString(r.overall()));
            table += line;
        }
        for (const auto& refused : row.refusedScopes) table += "  " + row.family + ": " + refused + "\n";
    }
    return table;
}

namespace {
nlohmann::json differenceJson(const TensorListDifference& d) {
    return {{"max_abs", d.maxAbs}, {"max_ulp", d.maxUlp}, {"differing", d.differing}, {"elements", d.elements},
            {"max_relative", d.maxRelative}, {"l2", d.l2}};
}
}  // namespace

nlohmann::json trainingVerifyJson(const std::vector<TrainingVerifyRow>& rows) {
    auto list = nlohmann::json::array();
    for (const auto& row : rows) {
        auto scopes = nlohmann::json::array();
        for (const auto& r : row.scopes) {
            scopes.push_back({{"scope", r.scope},
                              {"precision", r.precision},
                              {"optimizer", r.optimizer},
                              {"batch", r.batch},
                              {"imgsz", r.imgsz},
                              {"class", toString(r.overall())},
                              {"loss0_identical", r.lossZeroIdentical},
                              {"step0_replayed", r.stepZeroReplayed},
                              {"loss0_eager", r.lossZeroEager},
                              {"loss0_graphed", r.lossZeroGraphed},
                              {"gradients_class", toString(r.gradientClass)},
                              {"parameters_class", toString(r.parameterClass)},
                              {"gradients", differenceJson(r.gradients)},
                              {"gradients_eager_noise", differenceJson(r.gradientsNoise)},
                              {"parameters", differenceJson(r.parameters)},
                              {"parameters_eager_noise", differenceJson(r.parametersNoise)},
                              {"buffers", differenceJson(r.buffers)},
                              {"buffers_eager_noise", differenceJson(r.buffersNoise)},
                              {"replayed", r.replayed},
                              {"error", r.error}});
        }
        list.push_back({{"family", row.family}, {"training", row.declaration}, {"reason", row.reason}, {"scopes", scopes},
                        {"refused", row.refusedScopes}});
    }
    return list;
}

int trainingVerifyExitCode(const std::vector<TrainingVerifyRow>& rows) {
    for (const auto& row : rows) {
        for (const auto& r : row.scopes) {
            if (!r.acceptable()) return 1;
        }
    }
    return 0;
}

}  // namespace graphlens::train
