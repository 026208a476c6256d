#include "ui/Resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initGraphLensQrc() { Q_INIT_RESOURCE(graphlens); }

namespace graphlens::ui {

void initResources() {
    static const bool done = (initGraphLensQrc(), true);
    Q_UNUSED(done);
}

}  // namespace graphlens::ui
