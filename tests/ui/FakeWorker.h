#pragma once
// A stand-in for `graphlens-cli worker`: a shell script that copies the plan it was given, prints
// fixed protocol lines and then runs `tail` (e.g. "exec sleep 30" or "exit 1").
#include <QString>
#include <QTemporaryDir>
#include <string>
#include <vector>

namespace graphlens::ui::test {

class FakeWorker {
public:
    FakeWorker(const std::vector<std::string>& stdoutLines, const QString& tail);

    QString executable() const { return m_script; }
    QString seenPlanPath() const { return m_dir.filePath(QStringLiteral("plan-seen.json")); }
    QString resultsDirectory() const { return m_dir.filePath(QStringLiteral("sessions")); }

private:
    QTemporaryDir m_dir;
    QString m_script;
};

}  // namespace graphlens::ui::test
