#pragma once
// Whether File ▸ Save Session (Ctrl+S) may write over the session file shown or must ask where
// (Save As): never over an example session (the H200 references the README cites), a file marked
// read-only, or a file in a folder where the atomic write's temporary file cannot be made.
#include <QString>

namespace graphlens::ui {

// Why `sessionFile` may not be saved over, for the status bar; empty when it may.
// examplesFolder: exampleSessionsFolder() of this installation (empty: none).
QString whyNotSaveInPlace(const QString& sessionFile, const QString& examplesFolder);

}  // namespace graphlens::ui
