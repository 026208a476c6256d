#pragma once
// Where the example sessions measured on an H200 are (docs/h200 in a source tree, share/graphlens/
// examples in an installed tree), for the first-run text to point at. Empty when there are none.
#include <QString>

namespace graphlens::ui {

// Searches beside `applicationDir`: ../share/graphlens/examples, then docs/h200 in it or in one
// of the four folders above it (a build tree's bin/ sits two or three levels below the sources).
QString exampleSessionsFolder(const QString& applicationDir);

}  // namespace graphlens::ui
