#pragma once
// A path typed in Qt (QString) as std::filesystem sees it: the wide API on Windows, the local 8-bit
// encoding elsewhere, so names outside ASCII reach core/results unchanged.
#include <QFile>
#include <QString>

#include <filesystem>

namespace graphlens::ui {

inline std::filesystem::path toPath(const QString& path) {
#ifdef Q_OS_WIN
    return std::filesystem::path(path.toStdWString());
#else
    return std::filesystem::path(QFile::encodeName(path).toStdString());
#endif
}

}  // namespace graphlens::ui
