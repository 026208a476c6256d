#pragma once
// Measurement travels through signals (queued connections, QSignalSpy), so Qt must know the type.
#include "results/Measurement.h"

#include <QMetaType>

Q_DECLARE_METATYPE(graphlens::results::Measurement)

namespace graphlens::ui {

// Idempotent; call before the first queued connection or QSignalSpy that carries a Measurement.
void registerMetaTypes();

}  // namespace graphlens::ui
