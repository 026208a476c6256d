#include "ui/plan/PlanText.h"

#include "ui/plan/SessionCosts.h"

#include <QCoreApplication>

#include <cmath>

namespace graphlens::ui::plantext {
namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("PlanText", text);
}

}  // namespace

QString fromStd(const std::string& text) {
    return QString::fromStdString(text);
}

QString shapes(const std::vector<planning::RequestShape>& shapes) {
    QStringList names;
    for (const auto& shape : shapes) names << fromStd(planning::describe(shape));
    return names.isEmpty() ? tr("none") : names.join(QStringLiteral(", "));
}

QString milliseconds(double ms) {
    return tr("%1 ms").arg(ms, 0, 'f', 3);
}

QString percent(double pct) {
    return tr("%1 %").arg(pct, 0, 'f', 1);
}

QString mebibytes(double mib) {
    return tr("%1 MiB").arg(mib, 0, 'f', 1);
}

QString pool(const planning::PlanFigures& figures) {
    return figures.poolIsUpperBound ? tr("%1 (upper bound)").arg(mebibytes(figures.poolMiB))
                                    : mebibytes(figures.poolMiB);
}

QString mixSummary(const planning::RequestMix& mix, const QString& fileName) {
    const double total = mix.total();
    // Counts are whole in a log; a histogram may weigh sizes by fractions.
    const QString requests =
        total == std::floor(total) ? QString::number(qlonglong(total)) : QString::number(total, 'g', 6);
    return tr("%1: %2 requests of %3 sizes").arg(fileName, requests).arg(mix.entries.size());
}

QString costsCaption(const SessionCosts& costs) {
    QString scope;
    if (costs.scope == "network")
        scope = tr("network scope: the network alone, requests already on the device");
    else if (costs.scope == "step")
        scope = tr("step scope: upload + network + postprocess");
    else if (costs.scope.empty())
        scope = tr("scope not recorded");
    else
        scope = tr("rows of %1 scope taken together").arg(fromStd(costs.scope));
    return tr("Costs: the session's timed medians of %1 · %2 inference (%3), one row per batch and arm. "
              "The figures are a prediction from them: check the plan with graphlens-cli replay-mix.")
        .arg(fromStd(costs.used.family), fromStd(costs.used.precision), scope);
}

QString noMixHint() {
    return tr(
        "Load a request mix: one batch size per line, or 'size count' lines (a histogram), e.g. \"8 120\". "
        "A size may name its image size too (640x8); '#' starts a comment.\n\n"
        "The plan then says which batch sizes to capture as CUDA graphs within a VRAM budget, from the "
        "session's timed inference rows.");
}

}  // namespace graphlens::ui::plantext
