#pragma once
// The answer in words for people who read no charts: one sentence per phase (and per training graph
// scope), computed from the timed rows alone, e.g. "Graphs make resnet18 training steps (step scope)
// 3.7× faster at batch 8 in amp-fp16 on NVIDIA H200; VRAM +68 MiB (+16%)." A refused graphed arm
// says why in brackets: its message, or with a capture diagnosis its kind, module and what to do.
// Then, where rows carry the advisor's prediction, one sentence per group beside it (PredictionSentence):
// "Inference: predicted 2.6× before capture, measured 2.7× (batch 8)."
// Pure: the same rows give the same sentences, with no widget or file involved.
#include "results/Measurement.h"

#include <QStringList>
#include <string>
#include <vector>

namespace graphlens::ui {

// A round spread or within-round IQR above this (percent) is called out as noisy (DESIGN §4).
inline constexpr double kNoisyPercent = 10.0;

// device: the GPU's name as the reader should see it; empty takes the first timed row's device.
// Never empty: without timed rows the one sentence says there is nothing to summarise yet.
QStringList summarySentences(const std::vector<results::Measurement>& rows, const std::string& device = {});

}  // namespace graphlens::ui
