#include "ui/session/SessionTrace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace graphlens::ui {

QString SessionTrace::pathBeside(const QString& resultsPath) {
    const QFileInfo results(resultsPath);
    return results.dir().filePath(results.completeBaseName() + QStringLiteral(".trace.json"));
}

bool SessionTrace::copy(const QString& source, const QString& target, QString* error) {
    const auto fail = [error](const QString& path, const QString& why) {
        if (error) *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), why);
        return false;
    };
    const QFileInfo from(source), to(target);
    // Saving a session over the file it was opened from: its trace is already in place.
    if (to.exists() && from.canonicalFilePath() == to.canonicalFilePath()) return true;

    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) return fail(source, in.errorString());
    QSaveFile out(target);  // removed again, not renamed, unless commit() succeeds
    if (!out.open(QIODevice::WriteOnly)) return fail(target, out.errorString());
    // In pieces: a profiled sweep's trace can be tens of megabytes.
    while (!in.atEnd()) {
        const QByteArray piece = in.read(1 << 20);
        if (piece.isEmpty() && in.error() != QFileDevice::NoError) {
            out.cancelWriting();
            return fail(source, in.errorString());
        }
        if (out.write(piece) != piece.size()) {
            out.cancelWriting();
            return fail(target, out.errorString());
        }
    }
    if (!out.commit()) return fail(target, out.errorString());
    return true;
}

}  // namespace graphlens::ui
