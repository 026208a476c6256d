// Catch2 runner with a QApplication: widgets, QProcess and signal spies need one for the whole run.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QStandardPaths>

int main(int argc, char* argv[]) {
    // CTest sets offscreen; test discovery at build time runs without it and has no display either.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);  // never write into the user's real data folders
    return Catch::Session().run(argc, argv);
}
