#pragma once
// How the Plan tab words its figures: one place, so the figures form, the baseline table and the
// chart print a plan alike.
#include "planning/CapturePlanner.h"
#include "planning/RequestMix.h"

#include <QString>

#include <string>
#include <vector>

namespace graphlens::ui {

struct SessionCosts;

namespace plantext {

QString shapes(const std::vector<planning::RequestShape>& shapes);  // "32, 8, 1" (describe), or "none"
QString milliseconds(double ms);                                    // "0.812 ms"
QString percent(double pct);                                        // "12.3 %"
QString mebibytes(double mib);                                      // "172.0 MiB"
// The pool, with "(upper bound)" where PlanFigures::poolIsUpperBound.
QString pool(const planning::PlanFigures& figures);
// "mix.txt: 1000 requests of 6 sizes".
QString mixSummary(const planning::RequestMix& mix, const QString& fileName);
// What the costs are and that the plan is a prediction to check with replay-mix.
QString costsCaption(const SessionCosts& costs);
// The tab's text before a mix is loaded.
QString noMixHint();
QString fromStd(const std::string& text);

}  // namespace plantext
}  // namespace graphlens::ui
