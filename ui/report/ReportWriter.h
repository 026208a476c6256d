#pragma once
// Writes the stakeholder report: .html (one self-contained page) or .pdf (A4), chosen by the
// path's suffix. The file appears whole or not at all (temporary file, then rename: DESIGN §6).
// Needs a QApplication for the charts; no display (offscreen is enough).
#include "results/Session.h"

#include <QString>

namespace graphlens::ui {

// True for .pdf, .html and .htm (any case).
bool isReportPath(const QString& path);

// false with *error set to one line naming the file, e.g. "cannot write /ro/out.pdf: Permission denied".
bool writeReport(const QString& path, const results::Session& session, QString* error);

// Reads the session (or any results file GraphLens opens), then writeReport. A file that cannot be
// read is named in *error as well; nothing is written then.
bool writeReportFromFile(const QString& sessionPath, const QString& path, QString* error);

}  // namespace graphlens::ui
