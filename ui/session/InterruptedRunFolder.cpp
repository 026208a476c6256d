#include "ui/session/InterruptedRunFolder.h"

#include "results/JsonlAutosave.h"
#include "ui/FilePath.h"
#include "ui/UiLogging.h"
#include "ui/session/RunMarker.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace graphlens::ui {

InterruptedRunFolder::InterruptedRunFolder(QString folder) : m_folder(std::move(folder)) {}

QString InterruptedRunFolder::discardedFolder() const { return QDir(m_folder).filePath(QStringLiteral("discarded")); }

std::vector<InterruptedRun> InterruptedRunFolder::scan() const {
    std::vector<InterruptedRun> runs;
    const QDir dir(m_folder);
    const auto files = dir.entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files | QDir::Readable);
    for (const auto& file : files) {
        const QString path = file.absoluteFilePath();
        const auto owner = RunMarker::read(path);
        if (!owner || RunMarker::isAlive(*owner)) continue;  // seen to end, or still running
        InterruptedRun run;
        run.autosavePath = path;
        run.lastWritten = file.lastModified();
        try {
            const auto contents = results::readJsonlAutosave(toPath(path));
            run.rows = int(contents.rows.size());
            run.skippedLines = contents.skippedLines;
            for (const auto& row : contents.rows) {
                const auto family = QString::fromStdString(row.family);
                if (!family.isEmpty() && !run.families.contains(family)) run.families << family;
            }
        } catch (const std::exception& error) {
            qCWarning(lcUiWindow) << "cannot read the autosave" << path << error.what();
            continue;
        }
        if (run.rows > 0) runs.push_back(std::move(run));  // nothing measured: nothing to recover
    }
    std::sort(runs.begin(), runs.end(),
              [](const InterruptedRun& a, const InterruptedRun& b) { return a.lastWritten < b.lastWritten; });
    return runs;
}

bool InterruptedRunFolder::discard(const InterruptedRun& run, QString* error) const {
    const QString target = discardedFolder();
    if (!QDir().mkpath(target)) {
        if (error) *error = QObject::tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(target));
        return false;
    }
    const QFileInfo source(run.autosavePath);
    QString destination = QDir(target).filePath(source.fileName());
    for (int n = 2; QFileInfo::exists(destination); ++n) {
        destination = QDir(target).filePath(QStringLiteral("%1-%2.%3").arg(source.completeBaseName()).arg(n).arg(source.suffix()));
    }
    if (!QFile::rename(run.autosavePath, destination)) {
        if (error) {
            *error = QObject::tr("Cannot move %1 to %2")
                         .arg(QDir::toNativeSeparators(run.autosavePath), QDir::toNativeSeparators(destination));
        }
        return false;
    }
    RunMarker::remove(run.autosavePath);
    return true;
}

void InterruptedRunFolder::markRecovered(const InterruptedRun& run) const { RunMarker::remove(run.autosavePath); }

}  // namespace graphlens::ui
