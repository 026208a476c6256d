#pragma once
// The warning shown wherever a session's figures are stated (summary card, report, About This Run)
// when a Debug or otherwise unoptimised GraphLens measured them (results/BuildType.h says why they
// are not representative). Empty for Release-like builds and for sessions that do not say.
#include "results/Session.h"

#include <QString>
#include <string>
#include <vector>

namespace graphlens::ui {

// The warning for a build type label ("Debug", "none (unoptimised)"); empty when it is representative.
QString buildWarning(const std::string& buildType);

// The warning for the rows (the first unrepresentative build among them).
QString buildWarning(const std::vector<results::Measurement>& rows);

// The environment's build, else the rows'.
QString buildWarning(const results::Session& session);

// "Debug (unoptimised, assertions on, GCC 12.2.0)", "Release (optimised, GCC 12.2.0)" or
// "unknown (not recorded by this session)": the report's and About This Run's "GraphLens build" line.
QString buildDescription(const results::Session& session);

}  // namespace graphlens::ui
