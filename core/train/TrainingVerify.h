#pragma once
// `graphlens-cli verify --training`: the training parity check (TrainingParity.h) for each family and
// each graph scope it declares, as a table or JSON, and the exit code (1 when a declared scope is
// worse than eager noise: that declaration is not backed).
#include "families/Family.h"
#include "train/TrainingParity.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace graphlens::train {

struct TrainingVerifyRow {
    std::string family;
    std::string declaration;       // the family's widest scope: network | step | none
    std::string reason;            // none: why
    std::vector<TrainingParityResult> scopes;  // one per declared scope (network, then step)
    std::vector<std::string> refusedScopes;    // scopes the family refuses, with why
};

// The probe's size; 0 keeps the check's small default (64 px classify, 128 detect, 96 segment; batch 8).
struct TrainingVerifySize {
    int batch = 0;
    int imgsz = 0;
};

// The check's default image size for the family (64 px classify, 128 detect, 96 segment).
int trainingVerifyImageSize(const families::Family& family);

std::vector<TrainingVerifyRow> verifyTraining(const std::vector<families::Family>& families, TrainingPrecision precision,
                                              const std::string& optimizer, torch::Device device,
                                              const TrainingVerifySize& size = {});
std::string trainingVerifyTable(const std::vector<TrainingVerifyRow>& rows);
nlohmann::json trainingVerifyJson(const std::vector<TrainingVerifyRow>& rows);
int trainingVerifyExitCode(const std::vector<TrainingVerifyRow>& rows);

}  // namespace graphlens::train
