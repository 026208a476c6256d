// Catch2 runner with a QApplication: widgets, QProcess and signal spies need one for the whole run.
// Exits 77 (CTest: skipped) when a case skipped (GRAPHLENS_SKIP) and none failed.
#define CATCH_CONFIG_RUNNER
#include "support/RunTests.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

int main(int argc, char* argv[]) {
    // CTest sets offscreen; test discovery at build time runs without it and has no display either.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);  // never write into the user's real data folders
    // A window's default settings (the sweep panel's last plan) go to a folder of this run only.
    QTemporaryDir settingsDir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    return graphlens::testing::runTests(argc, argv);
}
