#pragma once
// The model families the engine offers, from `graphlens-cli list --json`, fetched asynchronously
// so a slow or missing engine never blocks the window.
#include <QList>
#include <QObject>
#include <QString>

class QProcess;

namespace graphlens::ui {

struct FamilyEntry {
    QString name;
    QString task;
    int imgsz = 0;
    qint64 params = 0;
    QString inference;  // graph support for inference, e.g. "whole"
    QString training;
    QString reason;     // why graph support is partial or absent

    QString summary() const;  // one line for a tooltip
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
    QProcess* m_process = nullptr;
};

}  // namespace graphlens::ui
