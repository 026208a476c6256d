#pragma once
// The summary card's sentence on the advisor: the speedup predicted from the eager arm before any
// capture beside the one measured, for the row the card already headlines, e.g.
// "Inference: predicted 2.6× before capture, measured 2.7× (batch 8)." Pure, like SummaryCard.
#include "results/Measurement.h"

#include <QString>

namespace graphlens::ui {

// "2.7×"; two decimals below 1.1× so that 1.05× does not read as "1.1×" or "1.0×".
QString speedupTimes(double speedup);

// heading: what the sentence is about ("Inference", "Training (step scope)"). eager, graphed: the
// headlined batch's rows (either may be null). Empty when neither row carries a prediction.
QString predictionSentence(const QString& heading, const results::Measurement* eager,
                           const results::Measurement* graphed);

}  // namespace graphlens::ui
