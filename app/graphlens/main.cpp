// GraphLens GUI: opens an optional results file; --screenshot renders the window to a PNG and
// exits (docs, and checking the look headless under Xvfb or QT_QPA_PLATFORM=offscreen).
#include "graphlens/config.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    // Lower-case name: AppDataLocation becomes ~/.local/share/graphlens (autosaved sessions).
    QApplication::setApplicationName(QStringLiteral("graphlens"));
    QApplication::setApplicationDisplayName(QStringLiteral("GraphLens"));
    QApplication::setApplicationVersion(QStringLiteral(GRAPHLENS_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("What CUDA graphs buy for vision models, and why."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to <png> after loading, then exit."),
                                        QStringLiteral("png"));
    parser.addOption(screenshot);
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Session .json, autosave .jsonl or .csv to open."),
                                 QStringLiteral("[file]"));
    parser.process(app);
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "graphlens: at most one file to open\n");
        return 2;
    }

    graphlens::ui::MainWindow window;
    bool opened = true;
    if (!parser.positionalArguments().isEmpty()) opened = window.openFile(parser.positionalArguments().front());

    if (parser.isSet(screenshot)) {
        if (!opened) {
            std::fprintf(stderr, "graphlens: %s\n", qPrintable(window.lastError()));
            return 2;
        }
        const QString out = parser.value(screenshot);
        window.show();
        int status = 1;
        // Let layouts, docks and charts settle before grabbing.
        QTimer::singleShot(500, &window, [&] {
            if (window.grab().save(out)) {
                status = 0;
            } else {
                std::fprintf(stderr, "graphlens: cannot write %s\n", qPrintable(out));
            }
            QApplication::quit();
        });
        QApplication::exec();
        return status;
    }

    window.show();
    return QApplication::exec();
}
