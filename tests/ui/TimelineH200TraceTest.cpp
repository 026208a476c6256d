// The step timeline over a real trace: tests/ui/fixtures/yolo-t-h200-b1-session.trace.json, written by
// `graphlens-cli sweep --family yolo-t --batch 1 --phase infer --precision fp16 --trace` on an NVIDIA
// H200 (2026-12-02, docs/h200/2026-12-02-yolo-t-b1-trace-sweep.txt), beside the session that sweep
// saved. The trace's chosen steps must agree with the metrics the profiler computed from the same
// activity records (the session's profiled rows), and the window opens the pair together.
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/timeline/StepTrace.h"
#include "ui/timeline/TimelinePanel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

#include <algorithm>

using graphlens::ui::GpuWorkKind;
using graphlens::ui::HostCallKind;
using graphlens::ui::MainWindow;
using graphlens::ui::StepTrace;
using graphlens::ui::TraceStep;

namespace {

QString fixture(const char* name) { return QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/") + QLatin1String(name); }

// The session's profiled row of one arm.
QJsonObject profiledRow(const QString& arm) {
    QFile file(fixture("yolo-t-h200-b1-session.json"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const auto rows = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("rows")).toArray();
    for (const auto& value : rows) {
        const auto row = value.toObject();
        if (row.value(QStringLiteral("pass")).toString() == QStringLiteral("profiled") &&
            row.value(QStringLiteral("arm")).toString() == arm) {
            return row;
        }
    }
    FAIL("no profiled " << arm.toStdString() << " row in the session");
    return {};
}

// Launches as the profiler counts them: a runtime call (cudaLaunchKernel) and the driver call it makes
// (cuLaunchKernel) are both on the CPU lane, nested; only the outer one is a launch. Libraries that
// call the driver directly give a driver call alone.
long countCalls(const TraceStep& step, HostCallKind kind) {
    long count = 0;
    double outerEndUs = -1;
    for (const auto& call : step.calls) {  // by start
        if (call.kind != kind) continue;
        if (call.span.startUs < outerEndUs) continue;  // inside the previous launch call
        ++count;
        outerEndUs = call.span.endUs();
    }
    return count;
}

long kernelsOnTheGpu(const TraceStep& step) {
    return std::count_if(step.work.begin(), step.work.end(),
                         [](const auto& work) { return work.kind == GpuWorkKind::Kernel; });
}

}  // namespace

TEST_CASE("a real H200 trace: the chosen steps agree with the profiled rows of its session", "[timeline][h200]") {
    QString error;
    const auto trace = StepTrace::readFile(fixture("yolo-t-h200-b1-session.trace.json"), &error);
    REQUIRE(trace);
    REQUIRE(trace->pairs().size() == 1);
    const auto& pair = trace->pairs().front();
    CHECK(pair.batch == 1);
    CHECK(pair.label.startsWith(QStringLiteral("yolo-t batch 1")));

    const auto eagerRow = profiledRow(QStringLiteral("eager"));
    const auto graphedRow = profiledRow(QStringLiteral("graphed"));
    // Launch calls on the CPU lane: one per kernel in the eager step, one graph launch in the graphed one
    // (its other launches are the eager data copy and postprocess around the replay).
    CHECK(countCalls(pair.eager, HostCallKind::KernelLaunch) == eagerRow.value(QStringLiteral("launches")).toInt());
    CHECK(countCalls(pair.eager, HostCallKind::GraphLaunch) == 0);
    CHECK(countCalls(pair.graphed, HostCallKind::GraphLaunch) ==
          graphedRow.value(QStringLiteral("graph_launches")).toInt());
    CHECK(countCalls(pair.graphed, HostCallKind::KernelLaunch) ==
          graphedRow.value(QStringLiteral("launches")).toInt());
    // The same kernels run on the GPU in both arms; in the graphed one most come from the replay.
    CHECK(kernelsOnTheGpu(pair.eager) == eagerRow.value(QStringLiteral("kernels")).toInt());
    CHECK(kernelsOnTheGpu(pair.graphed) == graphedRow.value(QStringLiteral("kernels")).toInt());
    REQUIRE(pair.graphed.graphs.size() == 1);
    CHECK(pair.graphed.graphs.front().kernels + countCalls(pair.graphed, HostCallKind::KernelLaunch) ==
          kernelsOnTheGpu(pair.graphed));

    // What the view is for: the graphed step is shorter and the GPU idles less inside it.
    CHECK(pair.graphed.durationUs < pair.eager.durationUs);
    CHECK(pair.graphed.idleUs < pair.eager.idleUs);
    CHECK(pair.eager.idleUs > 0.5 * pair.eager.durationUs);  // batch 1: a launch-bound eager step
    CHECK(graphlens::ui::TimelinePanel::comparison(pair).startsWith(QStringLiteral("One profiled step at batch 1: the graphed step takes")));
}

TEST_CASE("the window opens the real H200 session with its trace beside it", "[timeline][h200][window]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString session = dir.filePath(QStringLiteral("yolo-t.json"));
    REQUIRE(QFile::copy(fixture("yolo-t-h200-b1-session.json"), session));
    REQUIRE(QFile::copy(fixture("yolo-t-h200-b1-session.trace.json"), dir.filePath(QStringLiteral("yolo-t.trace.json"))));
    MainWindow window;
    REQUIRE(window.openFile(session));
    CHECK(window.model()->rowCount() == 4);
    REQUIRE(window.timelinePanel());
    CHECK(window.timelinePanel()->hasTrace());
}
