#pragma once
// Which sweep panel field a validateSweepPlan() message belongs to, so it is flagged in place.
#include <QString>

namespace graphlens::ui {

// "precision amp-bf16 is a training precision: ..." -> "precision"; empty when no field owns the
// message (the panel then shows it under its buttons). validateSweepPlan names the key at fault
// first, so the longest known prefix decides.
QString planErrorField(const QString& message);

}  // namespace graphlens::ui
