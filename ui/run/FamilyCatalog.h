#pragma once
// The model families the engine offers, from `graphlens-cli list --json`, fetched asynchronously
// so a slow or missing engine never blocks the window.
#include "ui/run/EngineQuery.h"

#include <QList>
#include <QStringList>
#include <QObject>
#include <QString>


namespace graphlens::ui {

struct FamilyEntry {
    QString name;
    QString task;
    int imgsz = 0;
    qint64 params = 0;
    QString inference;  // graph support for inference, e.g. "whole"
    QString training;   // the widest training graph scope, e.g. "step"
    QStringList trainingScopes;  // every declared scope ("network", "step"), when the engine lists them
    QString reason;     // why graph support is partial or absent

    QString summary() const;  // for a tooltip: details() and the reason on a line of its own
    // One line shown beside the model box: task, size, parameters and graph support, e.g.
    // "classify · 224 px · 11.7 M params · graphs: inference whole, training network + step".
    QString details() const;
};

class FamilyCatalog : public QObject {
    Q_OBJECT
public:
    explicit FamilyCatalog(QObject* parent = nullptr);

    // Runs `<executable> list --json`; ends with loaded() or failed().
    void load(const QString& executable);

    // The JSON array printed by `list --json`; entries without a name are skipped.
    static QList<FamilyEntry> parse(const QByteArray& json, QString* error);

signals:
    void loaded(const QList<graphlens::ui::FamilyEntry>& families);
    void failed(const QString& message);

private:
    EngineQuery m_query;  // one listing at a time
};

}  // namespace graphlens::ui
