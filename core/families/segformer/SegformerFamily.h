#pragma once
// The segformer-b0 family: SegFormer with the mit-b0 encoder, 512 px, its whole network captured at
// inference and its whole training step (forward, transformers' semantic loss, backward, optimizer) in
// one graph. Registered with ADE20k's 150 labels; a training run rebuilds it for its dataset
// (withDatasetClasses: N classes + background, 6 labels on the built-in dataset).
#include "families/Family.h"

namespace graphlens::families::segformer {

// Throws std::invalid_argument below 2 labels.
Family makeSegformerB0Family(int numLabels = 150);

}  // namespace graphlens::families::segformer
