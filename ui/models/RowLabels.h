#pragma once
// How a row's phase and graph scope read in words, the same in the table and in every chart (the
// charts' series names and the table's Phase column must never disagree).
#include "results/Measurement.h"

#include <string>

namespace graphlens::ui {

// The scope that tells curves apart: a training row's graph scope; empty for inference, whose
// curves stay keyed by family, precision and phase.
std::string curveScope(const results::Measurement& row);
// "train (step scope)" for a training row's phase and graph scope; the phase alone otherwise.
std::string phaseLabel(const std::string& phase, const std::string& scope);

}  // namespace graphlens::ui
