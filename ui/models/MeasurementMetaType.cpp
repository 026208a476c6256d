#include "ui/models/MeasurementMetaType.h"

namespace graphlens::ui {

void registerMetaTypes() { qRegisterMetaType<graphlens::results::Measurement>(); }

}  // namespace graphlens::ui
