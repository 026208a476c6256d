// Renders the session comparison and the recovery offer to PNGs, offscreen, for looking at them:
//   graphlens_ui_session_screenshot <baseline file> <current file> <out folder>
// writes baseline-window.png (the window comparing <current> with <baseline> as the README says:
// <baseline> opened and Set as Baseline, then Compare with Baseline… <current>; delta columns in the
// table, the "vs baseline" tab in front), baseline-ratio.png (that chart alone), recovery.png (the
// window offering an interrupted run from a scratch autosave folder), debug-build.png (<current>
// as a Debug build would have written it: the summary card's warning) and baseline-table.png (the
// comparison's table scrolled to its delta columns).
#include "results/JsonlAutosave.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/session/BaselineController.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/BaselineRatioChartView.h"
#include "ui/session/RecoveryOffers.h"
#include "ui/session/RunMarker.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>

namespace {

bool save(QWidget& widget, const QString& path) {
    if (widget.grab().save(path)) return true;
    std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
    return false;
}

}  // namespace

int main(int argc, char* argv[]) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <baseline file> <current file> <out folder>\n", argv[0]);
        return 2;
    }
    const QString baseline = QString::fromLocal8Bit(argv[1]);
    const QString current = QString::fromLocal8Bit(argv[2]);
    const QDir out(QString::fromLocal8Bit(argv[3]));

    graphlens::ui::MainWindow compared;
    if (!compared.openFile(baseline)) return 2;
    compared.baseline()->setShownSessionAsBaseline();
    if (!compared.baseline()->compareWithFile(current)) return 2;
    compared.show();

    // A scratch autosave folder with one run whose GUI died: the current file's rows and a marker
    // naming no live process (pid 0).
    QTemporaryDir scratch;
    const QString autosave = scratch.filePath(QStringLiteral("20261201-093012-7c1e.jsonl"));
    {
        graphlens::results::JsonlAutosave writer(autosave.toStdString());
        for (const auto& row : graphlens::results::readAnyResultsFile(current.toStdString()).rows) writer.append(row);
    }
    graphlens::ui::RunMarker::write(autosave, {0, QString()});
    graphlens::ui::MainWindow recovering;
    auto* offers = new graphlens::ui::RecoveryOffers(&recovering, recovering.shownSession(),
                                                     recovering.findChild<QAction*>(QStringLiteral("actionOpen")),
                                                     scratch.path());
    recovering.show();
    offers->showOffers(offers->folder().scan());

    // The current session as a Debug engine writes it (core/bench/BuildFacts.cpp).
    auto debugSession = graphlens::results::readAnyResultsFile(current.toStdString());
    debugSession.environment["build_type"] = "Debug";
    debugSession.environment["build_optimized"] = false;
    for (auto& row : debugSession.rows) row.build_type = "Debug";
    const QString debugPath = scratch.filePath(QStringLiteral("debug-session.json"));
    graphlens::results::writeSession(debugPath.toStdString(), debugSession);
    graphlens::ui::MainWindow debugBuilt;
    if (!debugBuilt.openFile(debugPath)) return 2;
    debugBuilt.show();

    int status = 1;
    QTimer::singleShot(500, &compared, [&] {
        auto* chart = compared.baseline()->ratioChart();
        // The table scrolled to its delta columns (they follow the median), for the Δ speedup text.
        auto* table = compared.table();
        const int speedup = compared.baseline()->deltas()->columnOf(graphlens::ui::BaselineDeltaProxy::DeltaSpeedup);
        table->resizeColumnToContents(speedup);
        table->scrollTo(table->model()->index(0, speedup));
        const bool ok = save(compared, out.filePath(QStringLiteral("baseline-window.png"))) &&
                        save(*chart, out.filePath(QStringLiteral("baseline-ratio.png"))) &&
                        save(recovering, out.filePath(QStringLiteral("recovery.png"))) &&
                        save(debugBuilt, out.filePath(QStringLiteral("debug-build.png"))) &&
                        save(*table, out.filePath(QStringLiteral("baseline-table.png")));
        status = ok ? 0 : 1;
        QApplication::quit();
    });
    QApplication::exec();
    return status;
}
