#pragma once
// Text in the order a person expects: runs of 0-9 compare as numbers ("resnet18" before "resnet101",
// "b8" before "b32"), the rest case-insensitively. QCollator's numeric mode does this only where Qt
// was built with ICU; this does not depend on how Qt was built or on the locale.
#include <QStringView>

namespace graphlens::ui {

// Negative, zero or positive, as QString::compare.
int naturalCompare(QStringView a, QStringView b);

}  // namespace graphlens::ui
