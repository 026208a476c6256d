// Anchor for the shared precompiled header (see CMakeLists.txt).
#include "TorchPch.h"
