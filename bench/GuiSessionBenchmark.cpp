// GUI speed at volume, offscreen (no display, no GPU):
//   graphlens_bench_gui_session [--rows N] [--stream N] [--stream-budget-s S] [--screenshots <folder>]
// (a) writes a 10,000-row session built from the rows of the real H200 session
//     tests/ui/fixtures/resnet18-h200-infer-train-session.json, (b) times
//   - opening it into a MainWindow until every chart tab has painted,
//   - a cold start: this program started again as a child process (same libraries as graphlens)
//     until its window with the real session has painted (graphlens --screenshot waits a fixed
//     500 ms before grabbing, so it cannot time this),
//   - writing its PDF report (graphlens --report),
//   - 2,000 rows streamed in as a sweep delivers them (WorkerClient::measurementReceived, then the
//     event loop), with the longest GUI-thread frame (one row delivered plus the event loop
//     iteration that draws it). Streaming stops early when it has taken S seconds (default 120):
//     a GUI that slows down with every row would otherwise run for hours; the line then says how
//     many rows it got through, and fails.
// Prints one line per measurement with its target and PASS/FAIL; exits 0 either way (2 on bad
// arguments or a missing fixture). --screenshots writes what was timed as PNGs, to look at.
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementFilterBar.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/ReportWriter.h"
#include "ui/run/WorkerClient.h"

#include <QComboBox>
#include <QLineEdit>

#include <QAbstractScrollArea>
#include <QApplication>
#include <QChartView>
#include <QDir>
#include <QElapsedTimer>
#include <QItemSelectionModel>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

namespace results = graphlens::results;
using graphlens::ui::ChartsPanel;
using graphlens::ui::MainWindow;
using graphlens::ui::MeasurementTableModel;
using graphlens::ui::writeReportFromFile;

constexpr const char* kRealSession = GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json";
constexpr const char* kColdStartChild = "--cold-start-child";
constexpr qint64 kGiveUpMs = 180'000;  // a view that never paints must not hang the benchmark

// Marks a widget as painted when it receives a paint event.
class PaintWatcher : public QObject {
public:
    explicit PaintWatcher(QWidget* widget) : QObject(widget) { widget->installEventFilter(this); }
    bool painted = false;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint) painted = true;
        return QObject::eventFilter(watched, event);
    }
};

// Processes events until the widget has painted (false after kGiveUpMs). A scroll area (a chart
// view, the table) paints in its viewport.
bool waitForPaint(QWidget* widget) {
    if (auto* area = qobject_cast<QAbstractScrollArea*>(widget)) widget = area->viewport();
    auto* watcher = new PaintWatcher(widget);
    widget->update();
    QElapsedTimer waited;
    waited.start();
    while (!watcher->painted && waited.elapsed() < kGiveUpMs) QApplication::processEvents(QEventLoop::AllEvents, 5);
    const bool painted = watcher->painted;
    delete watcher;
    return painted;
}

std::vector<QChartView*> chartTabs(ChartsPanel* panel) {
    std::vector<QChartView*> views;
    for (int i = 0; i < panel->count(); ++i) {
        if (auto* view = qobject_cast<QChartView*>(panel->widget(i))) views.push_back(view);
    }
    return views;
}

// Shows every chart tab in turn until each has painted; false if one never did.
bool drawEveryChart(ChartsPanel* panel) {
    for (auto* view : chartTabs(panel)) {
        panel->setCurrentWidget(view);
        if (!waitForPaint(view)) return false;
    }
    return true;
}

// SYNTHETIC VOLUME, NOT MEASUREMENTS: the real session's rows (6 timed + 2 profiled, resnet18 at
// batch 8) copied under made-up family names "<family>-copy-NNN" and batches 1..512, the step
// times scaled by batch/8 and everything else kept. The point is a session of `count` rows shaped
// like the engine's, not numbers anyone should read.
std::vector<results::Measurement> scaledCopies(const std::vector<results::Measurement>& real, int count) {
    std::vector<results::Measurement> rows;
    rows.reserve(size_t(count));
    constexpr int batches[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
    for (int copy = 0; int(rows.size()) < count; ++copy) {
        char suffix[24];
        std::snprintf(suffix, sizeof suffix, "-copy-%03d", copy + 1);
        for (const int batch : batches) {
            for (const auto& source : real) {
                if (int(rows.size()) >= count) break;
                auto row = source;
                row.family = source.family + suffix;
                const double scale = double(batch) / std::max(1, source.batch);
                row.batch = batch;
                for (auto* ms : {&row.step_ms_median, &row.step_ms_min, &row.step_ms_ci_low, &row.step_ms_ci_high}) {
                    if (*ms) **ms *= scale;
                }
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

struct Line {
    std::string what;
    double value = 0;  // ms; negative: not measured
    double target = 0;  // ms; 0: no target (a detail line)
};

void printTable(const std::vector<Line>& lines) {
    std::printf("%-58s %11s %10s  %s\n", "measurement", "value", "target", "result");
    for (const auto& line : lines) {
        char value[32] = "not done";
        if (line.value >= 0) std::snprintf(value, sizeof value, "%.1f ms", line.value);
        if (line.target > 0) {
            char target[32];
            std::snprintf(target, sizeof target, "< %.0f ms", line.target);
            std::printf("%-58s %11s %10s  %s\n", line.what.c_str(), value, target,
                        line.value >= 0 && line.value < line.target ? "PASS" : "FAIL");
        } else {
            std::printf("  %-56s %11s\n", line.what.c_str(), value);
        }
    }
    std::fflush(stdout);
}

// The child of the cold-start measurement: a window with the session, shown, its chart painted.
int coldStartChild(const char* session) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "graphlens";
    char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("graphlens"));
    MainWindow window;
    if (!window.openFile(QString::fromLocal8Bit(session))) return 2;
    window.show();
    auto* panel = window.findChild<ChartsPanel*>();
    const auto views = panel ? chartTabs(panel) : std::vector<QChartView*>{};
    if (views.empty() || !waitForPaint(views.front())) return 3;  // the tab shown first
    std::printf("drawn\n");
    std::fflush(stdout);
    return 0;
}

// Median of three cold starts, measured by the parent from QProcess::start to the child's "drawn".
double coldStartMs(const QString& self, const QString& scratch) {
    std::vector<double> samples;
    for (int run = 0; run < 3; ++run) {
        QProcess child;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        // The child's window must not read or write the user's settings or autosaves.
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), scratch + QStringLiteral("/config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), scratch + QStringLiteral("/data"));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), scratch + QStringLiteral("/cache"));
        child.setProcessEnvironment(env);
        QElapsedTimer timer;
        timer.start();
        child.start(self, {QLatin1String(kColdStartChild), QString::fromLocal8Bit(kRealSession)});
        QByteArray out;
        while (!out.contains("drawn") && timer.elapsed() < kGiveUpMs) {
            if (!child.waitForReadyRead(int(kGiveUpMs)) && child.state() == QProcess::NotRunning) break;
            out += child.readAllStandardOutput();
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        child.waitForFinished(int(kGiveUpMs));
        if (!out.contains("drawn")) {
            std::fprintf(stderr, "cold start child failed (exit %d): %s\n", child.exitCode(),
                         child.readAllStandardError().constData());
            return -1;
        }
        samples.push_back(ms);
    }
    std::sort(samples.begin(), samples.end());
    return samples[1];
}

// What the benchmark is doing, on stderr with the seconds since it started: a slow step shows itself.
void progress(const char* step) {
    static QElapsedTimer since;
    if (!since.isValid()) since.start();
    std::fprintf(stderr, "[%7.1f s] %s\n", double(since.elapsed()) / 1000.0, step);
}

void saveShot(QWidget* widget, const QString& folder, const char* name) {
    if (folder.isEmpty()) return;
    const QString path = QDir(folder).filePath(QLatin1String(name));
    if (!widget->grab().save(path)) std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc == 3 && std::strcmp(argv[1], kColdStartChild) == 0) return coldStartChild(argv[2]);

    int rowCount = 10'000;
    int streamCount = 2'000;
    double streamBudgetS = 120;
    QString shots;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--rows" && i + 1 < argc) {
            rowCount = std::atoi(argv[++i]);
        } else if (arg == "--stream" && i + 1 < argc) {
            streamCount = std::atoi(argv[++i]);
        } else if (arg == "--stream-budget-s" && i + 1 < argc) {
            streamBudgetS = std::atof(argv[++i]);
        } else if (arg == "--screenshots" && i + 1 < argc) {
            shots = QString::fromLocal8Bit(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: %s [--rows N] [--stream N] [--stream-budget-s S] [--screenshots <folder>]\n",
                         argv[0]);
            return 2;
        }
    }
    if (rowCount < 1 || streamCount < 1 || !(streamBudgetS > 0)) {
        std::fprintf(stderr, "--rows, --stream and --stream-budget-s need a positive value\n");
        return 2;
    }

    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("graphlens"));
    QStandardPaths::setTestModeEnabled(true);  // never the user's data folders
    QTemporaryDir scratch;
    if (!scratch.isValid()) return 2;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, scratch.filePath(QStringLiteral("settings")));

    results::Session real;
    try {
        real = results::readAnyResultsFile(kRealSession);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "cannot read %s: %s\n", kRealSession, error.what());
        return 2;
    }
    results::Session big = real;
    big.rows = scaledCopies(real.rows, rowCount);
    big.session_id = "synthetic-volume";
    const QString bigPath = scratch.filePath(QStringLiteral("synthetic-10k-session.json"));
    results::writeSession(bigPath.toStdString(), big);
    std::printf("GraphLens GUI benchmark: Qt %s, platform %s, %d CPU threads\n", qVersion(),
                qPrintable(QGuiApplication::platformName()), QThread::idealThreadCount());
    std::printf("synthetic session: %d rows = %zu real rows copied over %d families x 10 batches (%s)\n\n",
                rowCount, real.rows.size(), (rowCount + int(real.rows.size()) * 10 - 1) / (int(real.rows.size()) * 10),
                qPrintable(bigPath));
    std::fflush(stdout);

    std::vector<Line> lines;
    progress("session written");

    // (1) Open the big session into a shown window; every chart tab painted.
    {
        MainWindow window;
        window.show();
        waitForPaint(&window);
        progress("opening the session");
        auto* panel = window.findChild<ChartsPanel*>();
        QElapsedTimer timer;
        timer.start();
        const bool opened = window.openFile(bigPath);
        const double openMs = double(timer.nsecsElapsed()) / 1e6;
        progress("drawing every chart");
        const bool drawn = opened && panel && drawEveryChart(panel);
        progress("drawn");
        const double allMs = double(timer.nsecsElapsed()) / 1e6;
        lines.push_back({"open " + std::to_string(rowCount) + "-row session, every chart drawn",
                         drawn ? allMs : -1, 1500});
        lines.push_back({"of which reading the file and redrawing models/charts", opened ? openMs : -1, 0});
        lines.push_back({"of which painting " + std::to_string(panel ? chartTabs(panel).size() : 0) + " chart tabs",
                         drawn ? allMs - openMs : -1, 0});
        if (drawn) {
            // The table at this size, through the filter bar as a user works it: each change until
            // the table has painted is one GUI-thread frame. A family choice also redraws the chart in
            // front for that family (the tabs behind it redraw when shown); the rest redraw no chart.
            progress("working the table");
            panel->setCurrentIndex(0);
            waitForPaint(panel->currentWidget());  // the first tab's repaint is not the table's frame
            auto* bar = window.filterBar();
            auto* table = window.table();
            const auto timeTable = [&](const std::string& what, const auto& change) {
                QElapsedTimer frame;
                frame.start();
                change();
                waitForPaint(table);
                lines.push_back({"table: " + what, double(frame.nsecsElapsed()) / 1e6, 50});
            };
            timeTable("choose one family in the filter bar (and its chart)", [&] { bar->familyBox()->setCurrentIndex(1); });
            timeTable("back to all families (and their chart)", [&] { bar->familyBox()->setCurrentIndex(0); });
            timeTable("type a free-text filter", [&] { bar->textField()->setText(QStringLiteral("copy-042")); });
            timeTable("clear it", [&] { bar->textField()->clear(); });
            timeTable("sort by median ms", [&] { table->sortByColumn(MeasurementTableModel::StepMsMedian, Qt::AscendingOrder); });
            // Pointing at a row marks its points in every chart (the charts' highlight, not a redraw).
            timeTable("select a row, its points marked in the charts", [&] {
                table->selectionModel()->select(table->model()->index(rowCount / 2, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                table->scrollTo(table->model()->index(rowCount / 2, 0));
                waitForPaint(panel->currentWidget());
            });
            saveShot(&window, shots, "bench-10k-window.png");
        }
        progress("closing the window");
    }
    // (1b) The stakeholder report of the big session, as `graphlens --report` writes it.
    {
        progress("writing the report");
        QElapsedTimer timer;
        timer.start();
        QString error;
        const bool written = writeReportFromFile(bigPath, scratch.filePath(QStringLiteral("big-report.pdf")), &error);
        if (!written) std::fprintf(stderr, "report: %s\n", qPrintable(error));
        lines.push_back({"write the PDF report of the " + std::to_string(rowCount) + "-row session",
                         written ? double(timer.nsecsElapsed()) / 1e6 : -1, 10000});
    }
    progress("cold starts");

    // (2) Cold start of a fresh process with the real session.
    lines.push_back({"cold start: process start to drawn window, real session", coldStartMs(QCoreApplication::applicationFilePath(), scratch.path()), 1000});

    // (3) Stream rows into an empty window as a sweep delivers them.
    {
        MainWindow window;
        window.show();
        waitForPaint(&window);
        progress("streaming rows");
        const int count = std::min(streamCount, int(big.rows.size()));
        double longest = 0;
        int longestAt = 0;
        QElapsedTimer total;
        total.start();
        int streamed = 0;
        for (int i = 0; i < count && double(total.elapsed()) < streamBudgetS * 1000.0; ++i) {
            QElapsedTimer frame;
            frame.start();
            emit window.worker()->measurementReceived(big.rows[size_t(i)]);
            QApplication::processEvents(QEventLoop::AllEvents);
            const double ms = double(frame.nsecsElapsed()) / 1e6;
            if (ms > longest) {
                longest = ms;
                longestAt = i + 1;
            }
            streamed = i + 1;
            if (streamed % 100 == 0) progress("100 more rows streamed");
        }
        const double totalMs = double(total.nsecsElapsed()) / 1e6;
        if (streamed == count) {
            lines.push_back({"stream " + std::to_string(count) + " rows: longest GUI-thread frame", longest, 50});
            lines.push_back({"at row " + std::to_string(longestAt) + "; all rows streamed in", totalMs, 0});
        } else {
            // Out of time: the rows not streamed would only have been slower; fail the line.
            lines.push_back({"stream " + std::to_string(count) + " rows: longest GUI-thread frame", -1, 50});
            lines.push_back({"stopped after " + std::to_string(streamed) + " rows; longest frame so far", longest, 0});
            lines.push_back({"at row " + std::to_string(longestAt) + "; the rows streamed took", totalMs, 0});
        }
        saveShot(&window, shots, "bench-streamed-window.png");
        progress("closing the window");
    }
    progress("done");

    std::printf("\n");
    printTable(lines);
    return 0;
}
