#include "ui/charts/EmptyChartReason.h"

namespace graphlens::ui {

QStringList EmptyChartReason::unmeasuredReasons(const std::vector<results::Measurement>& rows) {
    QStringList reasons;
    for (const auto& row : rows) {
        if (row.status.empty() || row.status == "ok") continue;
        const auto status = QString::fromStdString(row.status);
        if (!row.refusal_kind.empty()) {
            // A diagnosed refusal's message is long; a title has room for what broke and where, and
            // the Why not graphed panel beside the table holds the rest.
            const auto kind = QString::fromStdString(row.refusal_kind);
            const QString reason =
                row.refusal_module.empty()
                    ? tr("%1: %2, see Why not graphed").arg(status, kind)
                    : tr("%1: %2 in %3, see Why not graphed").arg(status, kind, QString::fromStdString(row.refusal_module));
            if (!reasons.contains(reason)) reasons << reason;
            continue;
        }
        const auto message = QString::fromStdString(row.message);
        // The engine's messages sometimes start with their status already ("refused: …").
        const QString reason = message.isEmpty() ? status
                               : message.startsWith(status) ? message
                                                            : status + QStringLiteral(": ") + message;
        if (!reasons.contains(reason)) reasons << reason;
    }
    return reasons;
}

QString EmptyChartReason::of(const std::vector<results::Measurement>& rows, const QString& nothingToShow,
                             const QString& otherwise) {
    if (rows.empty()) return tr("no rows yet");
    QStringList reasons = unmeasuredReasons(rows);
    if (reasons.isEmpty()) return otherwise;
    if (reasons.size() > 2) {  // a title has room for two reasons; the table shows every row's
        const auto more = reasons.size() - 2;
        reasons = reasons.mid(0, 2);
        reasons << tr("%n more", nullptr, int(more));
    }
    return tr("%1 (%2)").arg(nothingToShow, reasons.join(QStringLiteral("; ")));
}

}  // namespace graphlens::ui
