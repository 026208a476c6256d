#include "ui/UiLogging.h"

Q_LOGGING_CATEGORY(lcUiModel, "graphlens.ui.model", QtWarningMsg)
Q_LOGGING_CATEGORY(lcUiChart, "graphlens.ui.chart", QtWarningMsg)
Q_LOGGING_CATEGORY(lcUiWorker, "graphlens.ui.worker", QtWarningMsg)
Q_LOGGING_CATEGORY(lcUiSweep, "graphlens.ui.sweep", QtWarningMsg)
Q_LOGGING_CATEGORY(lcUiWindow, "graphlens.ui.window", QtWarningMsg)
