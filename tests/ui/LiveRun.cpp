// A real sweep through the window, as a user starts one, offscreen:
//   graphlens_ui_live_run <plan.json> <out folder> [--timeout-s S]
// The plan (SweepPlan JSON, as the sweep panel saves it) goes into the sweep panel, Start is
// requested the way the button and Ctrl+R do, and the worker (graphlens-cli beside this program, or
// $GRAPHLENS_WORKER) runs it; rows stream into the table and charts. When the worker has finished,
// writes into <out folder>: session.json (File ▸ Save), report.pdf and report.html (File ▸ Export
// report), one PNG of the window per chart tab (window-<tab>.png; the Timeline tab shows the
// profiled steps the worker traced beside its autosave) and summary.txt (the summary card's
// sentences and the row count). Exit 0 when the run finished ok with rows, 1 when it failed, timed
// out or an output could not be written, 2 on bad arguments.
#include "results/SweepPlan.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/run/SweepPanel.h"
#include "ui/run/WorkerClient.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

namespace {

using graphlens::ui::MainWindow;

int fail(const char* what, const QString& detail = {}) {
    std::fprintf(stderr, "graphlens_ui_live_run: %s%s%s\n", what, detail.isEmpty() ? "" : ": ", qPrintable(detail));
    return 1;
}

QString tabFileName(const QString& tab) {
    QString name = tab.toLower();
    for (auto& c : name) {
        if (!c.isLetterOrNumber()) c = QLatin1Char('-');
    }
    return QStringLiteral("window-") + name + QStringLiteral(".png");
}

}  // namespace

int main(int argc, char* argv[]) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("graphlens"));
    double timeoutS = 600;
    if (argc == 5 && std::strcmp(argv[3], "--timeout-s") == 0) timeoutS = std::atof(argv[4]);
    if ((argc != 3 && argc != 5) || !(timeoutS > 0)) {
        std::fprintf(stderr, "usage: %s <plan.json> <out folder> [--timeout-s S]\n", argv[0]);
        return 2;
    }
    graphlens::results::SweepPlan plan;
    try {
        std::ifstream in(argv[1]);
        if (!in) throw std::runtime_error(std::string("cannot read ") + argv[1]);
        plan = graphlens::results::sweepPlanFromJson(nlohmann::json::parse(in), argv[1]);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "graphlens_ui_live_run: %s\n", error.what());
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[2]));
    if (!out.exists() && !QDir().mkpath(out.path())) return fail("cannot create", out.path());

    // The user's settings and autosaves stay untouched: this run has its own folders.
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir scratch;
    QSettings settings(scratch.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(nullptr, &settings);
    window.resize(1400, 900);
    window.show();

    bool finished = false, ok = false;
    QString failure;
    QObject::connect(window.worker(), &graphlens::ui::WorkerClient::failed, [&](const QString& m) { failure = m; });
    QObject::connect(window.worker(), &graphlens::ui::WorkerClient::finished, [&](bool success) {
        finished = true;
        ok = success;
    });
    QObject::connect(window.worker(), &graphlens::ui::WorkerClient::logLine,
                     [](const QString& line) { std::fprintf(stderr, "worker: %s\n", qPrintable(line)); });

    window.sweepPanel()->setPlan(plan);
    if (!window.sweepPanel()->inputError().isEmpty()) return fail("the plan is refused", window.sweepPanel()->inputError());
    window.sweepPanel()->requestStart();  // what Start and Ctrl+R do
    QElapsedTimer waited;
    waited.start();
    while (!finished && waited.elapsed() < qint64(timeoutS * 1000)) QApplication::processEvents(QEventLoop::AllEvents, 50);
    if (!finished) {
        window.worker()->cancel();
        return fail("the run did not finish in time");
    }
    const int rows = int(window.model()->rows().size());
    std::printf("run %s after %.1f s: %d rows%s%s\n", ok ? "finished" : "failed", double(waited.elapsed()) / 1000.0,
                rows, failure.isEmpty() ? "" : "; ", qPrintable(failure));

    int status = ok && rows > 0 ? 0 : 1;
    if (!window.saveSession(out.filePath(QStringLiteral("session.json")))) status = fail("save", window.lastError());
    for (const char* name : {"report.pdf", "report.html"}) {
        if (!window.exportReport(out.filePath(QLatin1String(name)))) status = fail("report", window.lastError());
    }
    if (auto* charts = window.findChild<graphlens::ui::ChartsPanel*>()) {
        for (int i = 0; i < charts->count(); ++i) {
            charts->setCurrentIndex(i);
            QApplication::processEvents();
            const QString path = out.filePath(tabFileName(charts->tabText(i)));
            if (!window.grab().save(path)) status = fail("cannot write", path);
        }
    } else {
        status = fail("no charts panel in the window");
    }
    QFile summary(out.filePath(QStringLiteral("summary.txt")));
    if (!summary.open(QIODevice::WriteOnly | QIODevice::Text)) return fail("cannot write", summary.fileName());
    QTextStream text(&summary);
    window.summaryCard()->redrawIfPending();
    text << rows << " rows\n";
    for (const auto& sentence : window.summaryCard()->sentences()) text << sentence << '\n';
    return status;
}
