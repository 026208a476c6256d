#pragma once
// This machine's engine environment, from `graphlens-cli env --json`, asked once at start in a
// process of its own (as FamilyCatalog lists families), so a first window on a CPU machine can say
// that graphs need a CUDA device before any sweep has run, and the GUI thread never waits for it.
#include "ui/run/EngineQuery.h"

#include <QJsonObject>
#include <QObject>

namespace graphlens::ui {

class EnvironmentProbe : public QObject {
    Q_OBJECT
public:
    explicit EnvironmentProbe(QObject* parent = nullptr);

    // Runs `<executable> env --json`; ends with probed() or failed(). A second call while one runs is ignored.
    void start(const QString& executable);
    bool running() const { return m_query.running(); }

signals:
    void probed(const QJsonObject& environment);
    void failed(const QString& message);

private:
    EngineQuery m_query;
};

}  // namespace graphlens::ui
