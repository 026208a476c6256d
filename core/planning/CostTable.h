#pragma once
// The measured costs of a plan's shapes, with the one place sizes between measurements are filled in.
// A request size that was not measured is served eagerly at a cost interpolated linearly in batch
// between its two measured neighbours (same image size). The interpolation is called safe where the
// measurements show the curve is straight there: the line through the two neighbours predicts the
// next measured size beyond them within 10%. Past the measured range nothing is guessed.
#include "planning/ShapeCosts.h"

#include <optional>
#include <vector>

namespace graphlens::planning {

struct EagerCost {
    double ms = 0;
    bool interpolated = false;
    bool safe = true;  // measured, or interpolated where the curve is straight
};

class CostTable {
public:
    // Throws std::invalid_argument for two costs of one shape or a non-positive time.
    explicit CostTable(std::vector<ShapeCost> costs);

    const std::vector<ShapeCost>& costs() const { return costs_; }
    const ShapeCost* find(const RequestShape& shape) const;
    // Shapes a graph can be captured at: measured graphed step and pool.
    std::vector<RequestShape> graphable() const;
    // The eager cost of any request shape inside the measured range of its image size; nullopt outside.
    std::optional<EagerCost> eager(const RequestShape& shape) const;
    // True when every graphable shape has a pooled increment beside every graphable shape captured
    // before it (else the memory model falls back to the sum of single pools there: an upper bound).
    bool hasPooledIncrements() const;
    // What `shape` adds to a pool whose base is `base`: its increment there, or its own pool when
    // none was measured (`measured` says which).
    double memoryBeside(const ShapeCost& shape, const ShapeCost& base, bool* measured = nullptr) const;

private:
    std::vector<ShapeCost> costs_;  // ordered by shape
};

}  // namespace graphlens::planning
