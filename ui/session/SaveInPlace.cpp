#include "ui/session/SaveInPlace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::SaveInPlace", text); }

bool inside(const QString& file, const QString& folder) {
    if (folder.isEmpty()) return false;
    const QString canonicalFolder = QFileInfo(folder).canonicalFilePath();
    const QString canonicalFile = QFileInfo(file).canonicalFilePath();
    return !canonicalFolder.isEmpty() && !canonicalFile.isEmpty() &&
           canonicalFile.startsWith(canonicalFolder + QLatin1Char('/'));
}

}  // namespace

QString whyNotSaveInPlace(const QString& sessionFile, const QString& examplesFolder) {
    const QFileInfo file(sessionFile);
    const QString name = file.fileName();
    if (inside(sessionFile, examplesFolder)) {
        return tr("%1 is an example session: save a copy elsewhere").arg(name);
    }
    if (!file.exists()) return {};  // written afresh, as Save As would
    // The owner's write bit, not only access(): a file marked read-only stays so for root too.
    if (!file.isWritable() || !(file.permissions() & QFileDevice::WriteOwner)) {
        return tr("%1 is read-only: save a copy elsewhere").arg(name);
    }
    const QFileInfo folder(file.absolutePath());
    if (!folder.isWritable() || !(folder.permissions() & QFileDevice::WriteOwner)) {
        return tr("%1 is in a read-only folder: save a copy elsewhere").arg(name);
    }
    return {};
}

}  // namespace graphlens::ui
