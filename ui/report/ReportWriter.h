#pragma once
// Writes the stakeholder report: .html (one self-contained page) or .pdf (A4), chosen by the
// path's suffix. The file appears whole or not at all (temporary file, then rename: DESIGN §6).
// Needs a QApplication for the charts; no display (offscreen is enough).
#include "results/Session.h"
#include "ui/charts/SeriesGrouping.h"
#include "ui/timeline/StepTrace.h"

#include <QString>

#include <optional>

namespace graphlens::ui {

// True for .pdf, .html and .htm (any case).
bool isReportPath(const QString& path);

// false with *error set to one line naming the file, e.g. "cannot write /ro/out.pdf: Permission denied".
// With a trace (the session's profiled steps, as the Timeline tab shows them) the report ends with
// its step timeline; a CPU-only session gets one sentence instead of charts (ranOnCpuOnly).
bool writeReport(const QString& path, const results::Session& session, QString* error);
bool writeReport(const QString& path, const results::Session& session, const std::optional<StepTrace>& trace,
                 QString* error);
// The same with the charts' series grouped as the window's Series by groups them (the grouping the
// chart tabs draw with); other than by family, the report says so in one line above its charts.
bool writeReport(const QString& path, const results::Session& session, const std::optional<StepTrace>& trace,
                 const SeriesGrouping& grouping, QString* error);

// Reads the session (or any results file GraphLens opens) and the trace beside it when there is one
// (SessionTrace: the one the window opens with it), then writeReport. A session file that cannot be
// read is named in *error as well; nothing is written then. A trace that cannot be read is left out.
bool writeReportFromFile(const QString& sessionPath, const QString& path, QString* error);

}  // namespace graphlens::ui
