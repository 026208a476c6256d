#pragma once
// The segformer-b0 family: SegFormer with the mit-b0 encoder and ADE20k's 150 labels, 512 px, its
// whole network captured at inference; training waits for mask datasets.
#include "families/Family.h"

namespace graphlens::families::segformer {

Family makeSegformerB0Family();

}  // namespace graphlens::families::segformer
