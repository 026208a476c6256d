#pragma once
// The registered rtdetr-r18 family: inference captured whole at the fixed query count; training
// split at its seam (backbone + hybrid encoder captured, the rest eager).
#include "families/Family.h"

namespace graphlens::families::rtdetr {

Family makeRtDetrR18Family();

}  // namespace graphlens::families::rtdetr
