#include "ui/run/FamilyCatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace graphlens::ui {

QString FamilyEntry::details() const {
    QStringList parts;
    if (!task.isEmpty()) parts << task;
    if (imgsz > 0) parts << FamilyCatalog::tr("%1 px").arg(imgsz);
    // A tiny detector (fomo-s) would read "0.0 M": thousands below a tenth of a million.
    if (params >= 100000) parts << FamilyCatalog::tr("%1 M params").arg(double(params) / 1e6, 0, 'f', 1);
    else if (params > 0) parts << FamilyCatalog::tr("%1 k params").arg(double(params) / 1e3, 0, 'f', 1);
    QStringList graphs;
    if (!inference.isEmpty()) graphs << FamilyCatalog::tr("inference %1").arg(inference);
    // The scopes say more than the widest one ("network + step" vs "step"); older engines list only that.
    const QString scopes = trainingScopes.isEmpty() ? training : trainingScopes.join(QStringLiteral(" + "));
    if (!scopes.isEmpty()) graphs << FamilyCatalog::tr("training %1").arg(scopes);
    if (!graphs.isEmpty()) parts << FamilyCatalog::tr("graphs: %1").arg(graphs.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral(" · "));
}

QString FamilyEntry::summary() const {
    QString text = details();
    if (!reason.isEmpty()) text += QLatin1Char('\n') + reason;
    return text;
}

FamilyCatalog::FamilyCatalog(QObject* parent) : QObject(parent) {
    connect(&m_query, &EngineQuery::failed, this, &FamilyCatalog::failed);
    connect(&m_query, &EngineQuery::answered, this, [this](const QByteArray& output, const QString& program) {
        QString error;
        const auto families = parse(output, &error);
        if (!error.isEmpty()) {
            emit failed(tr("Cannot read the family list from %1: %2").arg(program, error));
        } else {
            emit loaded(families);
        }
    });
}

QList<FamilyEntry> FamilyCatalog::parse(const QByteArray& json, QString* error) {
    QJsonParseError parseError;
    const auto document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isArray()) {
        if (error) {
            *error = parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                  : tr("expected a JSON array of families");
        }
        return {};
    }
    QList<FamilyEntry> families;
    const auto array = document.array();
    for (const auto& value : array) {
        const auto object = value.toObject();
        FamilyEntry entry;
        entry.name = object.value(QStringLiteral("name")).toString();
        if (entry.name.isEmpty()) continue;
        entry.task = object.value(QStringLiteral("task")).toString();
        entry.imgsz = object.value(QStringLiteral("imgsz")).toInt();
        entry.params = qint64(object.value(QStringLiteral("params")).toDouble());
        entry.inference = object.value(QStringLiteral("inference")).toString();
        entry.training = object.value(QStringLiteral("training")).toString();
        const auto scopes = object.value(QStringLiteral("training_scopes")).toArray();
        for (const auto& scope : scopes) {
            if (scope.isString()) entry.trainingScopes << scope.toString();
        }
        entry.reason = object.value(QStringLiteral("reason")).toString();
        families.append(entry);
    }
    return families;
}

void FamilyCatalog::load(const QString& executable) {
    // Listing is instant for a healthy engine; do not leave the combo waiting on a hung one.
    m_query.start(executable, {QStringLiteral("list"), QStringLiteral("--json")}, 20000);
}

}  // namespace graphlens::ui
