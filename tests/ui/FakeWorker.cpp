#include "FakeWorker.h"

#include <QFile>
#include <stdexcept>

namespace graphlens::ui::test {

FakeWorker::FakeWorker(const std::vector<std::string>& stdoutLines, const QString& tail) {
    if (!m_dir.isValid()) throw std::runtime_error("no temporary directory");
    // Events live in a file, so JSON needs no shell quoting.
    QFile events(m_dir.filePath(QStringLiteral("events.txt")));
    if (!events.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write events");
    for (const auto& line : stdoutLines) events.write(QByteArray::fromStdString(line + "\n"));
    events.close();

    m_script = m_dir.filePath(QStringLiteral("fake-worker.sh"));
    QFile script(m_script);
    if (!script.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write script");
    // Called as: fake-worker.sh worker --plan FILE
    const QString body = QStringLiteral("#!/bin/sh\n"
                                        "[ \"$1\" = worker ] && [ \"$2\" = --plan ] || exit 2\n"
                                        "cp \"$3\" '%1'\n"
                                        "cat '%2'\n"
                                        "%3\n")
                             .arg(seenPlanPath(), events.fileName(), tail);
    script.write(body.toUtf8());
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

}  // namespace graphlens::ui::test
