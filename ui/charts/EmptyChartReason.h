#pragma once
// Why a chart has nothing to draw, read from the rows themselves: "skipped: CUDA graphs need a CUDA
// device; this run is on the CPU", "refused: <why the graphed arm was refused>". One helper for
// every chart that shows a placeholder, so that after a CPU run or with refused rows each of them
// gives the same reason instead of a bare "no rows yet".
#include "results/Measurement.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <vector>

namespace graphlens::ui {

class EmptyChartReason {
    Q_DECLARE_TR_FUNCTIONS(EmptyChartReason)
public:
    // "no rows yet" without rows; "<nothingToShow> (<status>: <message>; …)" when some rows did not
    // measure (two reasons at most, then a count of the rest); otherwise `otherwise`, the chart's
    // own words for what its measured rows lack ("no profiled figures yet (profiling on)").
    static QString of(const std::vector<results::Measurement>& rows, const QString& nothingToShow,
                      const QString& otherwise);
    // The distinct "<status>: <message>" of the rows whose status is not ok, in order of first appearance.
    static QStringList unmeasuredReasons(const std::vector<results::Measurement>& rows);
};

}  // namespace graphlens::ui
