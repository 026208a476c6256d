#pragma once
// `verify --training`: needs core/train, so this file is built only with datasets (GRAPHLENS_HAVE_DATASETS).
#include "VerifyCommand.h"

namespace graphlens::cli {

// The training parity check per family and declared scope. Throws UsageError for bad arguments.
int runVerifyTraining(const VerifyArgs& args);

}  // namespace graphlens::cli
