#include "ui/run/PlanErrorField.h"

#include <QList>
#include <QPair>

namespace graphlens::ui {

QString planErrorField(const QString& message) {
    static const QList<QPair<QString, QString>> kPrefixes{
        {QStringLiteral("batch"), QStringLiteral("batches")},
        {QStringLiteral("no batch"), QStringLiteral("batches")},
        {QStringLiteral("image size"), QStringLiteral("imgsz")},
        {QStringLiteral("precision"), QStringLiteral("precision")},
        {QStringLiteral("phase"), QStringLiteral("phases")},
        {QStringLiteral("no phase"), QStringLiteral("phases")},
        {QStringLiteral("training graph scope"), QStringLiteral("graphScopes")},
        {QStringLiteral("no training graph scope"), QStringLiteral("graphScopes")},
        {QStringLiteral("optimizer"), QStringLiteral("optimizer")},
        {QStringLiteral("memory format"), QStringLiteral("formats")},
        {QStringLiteral("no memory format"), QStringLiteral("formats")},
        {QStringLiteral("scope"), QStringLiteral("scope")},
        {QStringLiteral("repeats"), QStringLiteral("repeats")},
        {QStringLiteral("graph mode"), QStringLiteral("graph")},
        {QStringLiteral("jit"), QStringLiteral("jit")},
        {QStringLiteral("steps"), QStringLiteral("steps")},
        {QStringLiteral("warmup"), QStringLiteral("warmup")},
        {QStringLiteral("no family"), QStringLiteral("model")},
        {QStringLiteral("a task"), QStringLiteral("model")},
    };
    QString field;
    qsizetype matched = 0;
    for (const auto& [prefix, name] : kPrefixes) {
        if (prefix.size() > matched && message.startsWith(prefix)) {
            field = name;
            matched = prefix.size();
        }
    }
    return field;
}

}  // namespace graphlens::ui
