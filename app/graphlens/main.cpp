// GraphLens GUI: opens an optional results file; --screenshot renders the window to a PNG and
// exits (docs, and checking the look headless under Xvfb or QT_QPA_PLATFORM=offscreen).
#include "graphlens/config.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QPixmap>
#include <QTimer>
#include <cstdio>
#include <string_view>

namespace {

struct Options {
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Render the window to <png> after loading, then exit."),
                                  QStringLiteral("png")};
};

void describe(QCommandLineParser& parser, const Options& options) {
    parser.setApplicationDescription(QStringLiteral("What CUDA graphs buy for vision models, and why."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(options.screenshot);
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Session .json, autosave .jsonl or .csv to open."),
                                 QStringLiteral("[file]"));
}

// --help and --version need no display: they are answered by a QCoreApplication, before any
// QApplication (which aborts without a display) exists.
bool wantsHelpOrVersion(int argc, char* argv[]) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--") break;
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "--help-all" || arg == "-v" || arg == "--version") {
            return true;
        }
    }
    return false;
}

void setApplicationNames() {
    // Lower-case name: AppDataLocation becomes ~/.local/share/graphlens (autosaved sessions).
    QCoreApplication::setApplicationName(QStringLiteral("graphlens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GRAPHLENS_VERSION));
}

}  // namespace

int main(int argc, char* argv[]) {
    const Options options;
    if (wantsHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        setApplicationNames();
        QCommandLineParser parser;
        describe(parser, options);
        parser.process(core);  // prints help or version and exits 0
        return 0;
    }

    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setApplicationDisplayName(QStringLiteral("GraphLens"));

    QCommandLineParser parser;
    describe(parser, options);
    const QCommandLineOption& screenshot = options.screenshot;
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
