#pragma once
#include <QString>

namespace graphlens::ui {

// The engine CLI the GUI drives: $GRAPHLENS_WORKER if set (tests point it at a fake worker),
// else graphlens-cli next to the GUI binary (both land in bin/).
QString defaultWorkerExecutable();

}  // namespace graphlens::ui
