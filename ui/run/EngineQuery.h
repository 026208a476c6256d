#pragma once
// One short question to the engine, `<executable> <arguments>` in a process of its own (e.g.
// `list --json`, `env --json`), so the GUI thread never waits for it: answered() with its standard
// output, or failed() with a message naming the program, its exit code and its stderr. A hung engine
// is killed after the timeout. One question at a time; a second start() while one runs is ignored.
#include <QByteArray>
#include <QObject>
#include <QStringList>

class QProcess;

namespace graphlens::ui {

class EngineQuery : public QObject {
    Q_OBJECT
public:
    explicit EngineQuery(QObject* parent = nullptr);

    void start(const QString& executable, const QStringList& arguments, int timeoutMs);
    bool running() const { return m_process != nullptr; }

signals:
    void answered(const QByteArray& standardOutput, const QString& program);
    void failed(const QString& message);

private:
    QProcess* m_process = nullptr;
};

}  // namespace graphlens::ui
