#include "ui/report/PredictionSentence.h"

#include <QCoreApplication>
#include <cmath>
#include <optional>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::SummaryCard", text); }

bool usable(const std::optional<double>& value) { return value && std::isfinite(*value) && *value > 0; }

}  // namespace

QString speedupTimes(double speedup) {
    return QString::number(speedup, 'f', speedup < 1.095 ? 2 : 1) + QStringLiteral("×");
}

QString predictionSentence(const QString& heading, const results::Measurement* eager,
                           const results::Measurement* graphed) {
    // Both arms carry the same prediction; the graphed row's is taken first, as the table shows it there.
    std::optional<double> predicted;
    if (graphed && usable(graphed->predicted_speedup)) predicted = graphed->predicted_speedup;
    else if (eager && usable(eager->predicted_speedup)) predicted = eager->predicted_speedup;
    if (!predicted) return {};
    const int batch = graphed ? graphed->batch : eager->batch;
    const bool measured = graphed && graphed->status == "ok" && usable(graphed->speedup);
    if (measured) {
        return tr("%1: predicted %2 before capture, measured %3 (batch %4).")
            .arg(heading, speedupTimes(*predicted), speedupTimes(*graphed->speedup))
            .arg(batch);
    }
    // No graphed row at all is what `graphlens-cli advise` writes: the eager arm alone, on purpose.
    const QString why = graphed ? tr("not measured: the graphed arm has no speedup")
                                : tr("not measured: advise runs the eager arm only");
    return tr("%1: predicted %2 (%3; batch %4).").arg(heading, speedupTimes(*predicted), why).arg(batch);
}

}  // namespace graphlens::ui
