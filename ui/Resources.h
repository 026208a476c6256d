#pragma once

namespace graphlens::ui {

// The .qrc lives in a static library, whose unreferenced initializer the linker drops: every
// executable that shows the GUI calls this once (MainWindow's constructor does).
void initResources();

}  // namespace graphlens::ui
