#pragma once
// One logging category per GUI module, so QT_LOGGING_RULES="graphlens.ui.worker.debug=true" turns on
// exactly the part being debugged.
#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcUiModel)
Q_DECLARE_LOGGING_CATEGORY(lcUiChart)
Q_DECLARE_LOGGING_CATEGORY(lcUiWorker)
Q_DECLARE_LOGGING_CATEGORY(lcUiSweep)
Q_DECLARE_LOGGING_CATEGORY(lcUiWindow)
