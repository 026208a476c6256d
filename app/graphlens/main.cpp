// GraphLens GUI: opens an optional results file; --screenshot renders the window to a PNG and
// exits (docs, and checking the look headless under Xvfb or QT_QPA_PLATFORM=offscreen); --report
// writes the stakeholder report (.pdf or .html) for a session and exits, with or without a display.
#include "graphlens/config.h"
#include "ui/MainWindow.h"
#include "ui/report/ReportWriter.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/RecoveryOffers.h"

#include <QAction>
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
    QCommandLineOption report{QStringLiteral("report"),
                              QStringLiteral("Write the report for the session [file] to <out> (.pdf or .html), "
                                             "then exit. Needs no display."),
                              QStringLiteral("out")};
    QCommandLineOption theme{QStringLiteral("theme"),
                             QStringLiteral("Colour theme for this run: system, light or dark (View > Theme "
                                            "keeps its own saved choice)."),
                             QStringLiteral("theme")};
};

void describe(QCommandLineParser& parser, const Options& options) {
    parser.setApplicationDescription(QStringLiteral("What CUDA graphs buy for vision models, and why."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(options.screenshot);
    parser.addOption(options.report);
    parser.addOption(options.theme);
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

// --report renders its charts offscreen: it must run on a server with no display, where the
// default platform (xcb) would abort. An explicit QT_QPA_PLATFORM is left as the user set it.
void useOffscreenForReport(int argc, char* argv[]) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--") break;
        if (arg == "--report" || arg.starts_with("--report=")) {
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
    }
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

    useOffscreenForReport(argc, argv);
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

    if (parser.isSet(options.report)) {
        if (parser.positionalArguments().size() != 1) {
            std::fprintf(stderr, "graphlens: --report needs the session file to report on\n");
            return 2;
        }
        QString error;
        if (!graphlens::ui::writeReportFromFile(parser.positionalArguments().front(), parser.value(options.report),
                                                &error)) {
            std::fprintf(stderr, "graphlens: %s\n", qPrintable(error));
            return 2;
        }
        return 0;
    }

    graphlens::ui::MainWindow window;
    if (parser.isSet(options.theme)) {
        const QString theme = parser.value(options.theme).toLower();
        if (theme != QStringLiteral("system") && theme != QStringLiteral("light") && theme != QStringLiteral("dark")) {
            std::fprintf(stderr, "graphlens: --theme is system, light or dark, not %s\n", qPrintable(theme));
            return 2;
        }
        window.setTheme(graphlens::ui::themeFromKey(theme), /*remember=*/false);
    }
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
    // Runs this GUI did not see end (it crashed or was killed mid-run): offered once the window is
    // up, scanned on a thread of its own.
    auto* openAction = window.findChild<QAction*>(QStringLiteral("actionOpen"));
    (new graphlens::ui::RecoveryOffers(&window, window.shownSession(), openAction, window.worker()->resultsDirectory()))
        ->start();
    return QApplication::exec();
}
