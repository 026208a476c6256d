// The step timeline over tests/ui/fixtures/synthetic-trace-format.json: a synthetic trace in exactly
// the format profiler/ChromeTrace writes (tests/unit/profiler/ChromeTraceFixtureTest.cpp holds it to
// the writer's output), with hand-picked round times; nothing in it was measured. The expected
// lanes, the chosen steps and the idle sums below are worked out by hand from that scenario:
//   batch 8 eager, step 2 of 3 (700, 500, 480 us: the median is 500), at 11000 us:
//     copy 20..40, conv 70..170, relu 220..260, fc 320..400 -> idle 20+30+50+60+100 = 260 of 500 us
//   batch 8 graphed, step 2 of 2 (340, 300 us: the shorter middle one), at 21000 us:
//     copy 20..40, memset 75..80, conv 80..180, relu 180..220, fc 225..285 -> idle 20+35+5+15 = 75 of 300 us
//   batch 1 has an eager section only, so it makes no pair.
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/timeline/KernelName.h"
#include "ui/timeline/StepTimelineView.h"
#include "ui/timeline/StepTrace.h"
#include "ui/timeline/TimelinePanel.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace graphlens::ui;

namespace {

QString fixture(const char* name) { return QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/") + QLatin1String(name); }

const QString kTraceFixture = fixture("synthetic-trace-format.json");

StepTrace loadFixture() {
    QString error;
    auto trace = StepTrace::readFile(kTraceFixture, &error);
    INFO(error.toStdString());
    REQUIRE(trace);
    return *trace;
}

QByteArray fixtureBytes() {
    QFile file(kTraceFixture);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

std::vector<std::pair<double, double>> spans(const std::vector<TimeSpan>& in) {
    std::vector<std::pair<double, double>> out;
    for (const auto& span : in) out.emplace_back(span.startUs, span.endUs());
    return out;
}

const StepTimelineView::PlacedItem* itemLabelled(const StepTimelineView& view, int row,
                                                 StepTimelineView::Lane lane, const QString& label) {
    for (const auto& item : view.placedItems()) {
        if (item.row == row && item.lane == lane && item.label == label) return &item;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("trace parser pairs the eager and graphed sections of one batch", "[timeline]") {
    const auto trace = loadFixture();
    REQUIRE(trace.pairs().size() == 1);  // batch 1 has no graphed section
    const auto& pair = trace.pairs().front();
    CHECK(pair.label == QStringLiteral("synthetic batch 8 contiguous"));
    CHECK(pair.batch == 8);
    CHECK(pair.eager.section == QStringLiteral("synthetic batch 8 contiguous eager"));
    CHECK(pair.graphed.section == QStringLiteral("synthetic batch 8 contiguous graphed"));
    // The step of median length: the second of three, the shorter middle one of two.
    CHECK(pair.eager.index == 1);
    CHECK(pair.eager.stepCount == 3);
    CHECK(pair.eager.traceStartUs == Approx(11000));
    CHECK(pair.eager.durationUs == Approx(500));
    CHECK(pair.graphed.index == 1);
    CHECK(pair.graphed.stepCount == 2);
    CHECK(pair.graphed.traceStartUs == Approx(21000));
    CHECK(pair.graphed.durationUs == Approx(300));
}

TEST_CASE("trace parser fills the CPU and GPU lanes of the chosen steps", "[timeline]") {
    const auto trace = loadFixture();
    const auto& eager = trace.pairs().front().eager;
    REQUIRE(eager.calls.size() == 6);
    const std::vector<HostCallKind> kinds{HostCallKind::Copy, HostCallKind::KernelLaunch, HostCallKind::Other,
                                          HostCallKind::KernelLaunch, HostCallKind::KernelLaunch,
                                          HostCallKind::Synchronize};
    for (std::size_t i = 0; i < kinds.size(); ++i) CHECK(eager.calls[i].kind == kinds[i]);
    CHECK(eager.calls[1].name == QStringLiteral("cudaLaunchKernel_v7000"));
    CHECK(eager.calls[1].span.startUs == Approx(50));
    CHECK(eager.calls[1].span.durationUs == Approx(10));
    CHECK(eager.calls[5].span.durationUs == Approx(40));  // the sync of the 500 us step, not another's

    REQUIRE(eager.work.size() == 4);
    CHECK(eager.work[0].kind == GpuWorkKind::Memcpy);
    CHECK(eager.work[0].name == QStringLiteral("Memcpy HtoD"));
    CHECK(eager.work[0].bytes == 4816896);
    CHECK(eager.work[1].name == QStringLiteral("conv"));
    CHECK(eager.work[1].span.startUs == Approx(70));
    CHECK(eager.work[1].span.durationUs == Approx(100));
    CHECK(eager.work[2].name == QStringLiteral("_Z12relu_forwardPfi"));
    CHECK(eager.work[3].span.startUs == Approx(320));
    CHECK(eager.work[1].stream == 7);
    CHECK(eager.streams() == std::vector<qint64>{7});
    CHECK(eager.graphs.empty());
    REQUIRE(eager.phases.size() == 2);
    CHECK(eager.phases[0].name == QStringLiteral("data"));
    CHECK(eager.phases[1].name == QStringLiteral("forward"));
    CHECK(eager.phases[1].span.durationUs == Approx(360));

    const auto& graphed = trace.pairs().front().graphed;
    REQUIRE(graphed.calls.size() == 3);
    CHECK(graphed.calls[1].kind == HostCallKind::GraphLaunch);
    CHECK(graphed.calls[1].name == QStringLiteral("cudaGraphLaunch_v10000"));
    REQUIRE(graphed.work.size() == 5);
    CHECK(graphed.work[1].kind == GpuWorkKind::Memset);
    CHECK(graphed.work[1].bytes == 256);
    REQUIRE(graphed.graphs.size() == 1);
    CHECK(graphed.graphs[0].name == QStringLiteral("graph 3"));
    CHECK(graphed.graphs[0].span.startUs == Approx(75));
    CHECK(graphed.graphs[0].span.durationUs == Approx(210));
    CHECK(graphed.graphs[0].kernels == 3);
    CHECK(graphed.graphs[0].copies == 1);
}

TEST_CASE("GPU idle gaps are the step's time without GPU work, summed by hand", "[timeline]") {
    const auto trace = loadFixture();
    const auto& eager = trace.pairs().front().eager;
    const auto& graphed = trace.pairs().front().graphed;
    using Spans = std::vector<std::pair<double, double>>;
    const auto eagerGaps = spans(eager.idleGaps);
    REQUIRE(eagerGaps.size() == 5);
    const Spans expectedEager{{0, 20}, {40, 70}, {170, 220}, {260, 320}, {400, 500}};
    for (std::size_t i = 0; i < expectedEager.size(); ++i) {
        CHECK(eagerGaps[i].first == Approx(expectedEager[i].first));
        CHECK(eagerGaps[i].second == Approx(expectedEager[i].second));
    }
    CHECK(eager.idleUs == Approx(260));
    // The graph slice (75..285) is not busy time: the 5 us between relu and fc inside it is a gap.
    const auto graphedGaps = spans(graphed.idleGaps);
    REQUIRE(graphedGaps.size() == 4);
    const Spans expectedGraphed{{0, 20}, {40, 75}, {220, 225}, {285, 300}};
    for (std::size_t i = 0; i < expectedGraphed.size(); ++i) {
        CHECK(graphedGaps[i].first == Approx(expectedGraphed[i].first));
        CHECK(graphedGaps[i].second == Approx(expectedGraphed[i].second));
    }
    CHECK(graphed.idleUs == Approx(75));

    // Overlapping, touching and overhanging spans.
    const auto gaps = spans(uncoveredSpans({{-5, 10}, {30, 10}, {35, 10}, {45, 5}, {90, 20}}, 100));
    CHECK(gaps == Spans{{5, 30}, {50, 90}});
    CHECK(uncoveredSpans({}, 10).size() == 1);
}

TEST_CASE("trace parser names the file in each error", "[timeline]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;

    const QString missing = dir.filePath(QStringLiteral("missing.trace.json"));
    CHECK_FALSE(StepTrace::readFile(missing, &error));
    CHECK(error.contains(QStringLiteral("Cannot read")));
    CHECK(error.contains(QStringLiteral("missing.trace.json")));

    const QString garbage = dir.filePath(QStringLiteral("garbage.json"));
    writeFile(garbage, "{\"traceEvents\": [");
    CHECK_FALSE(StepTrace::readFile(garbage, &error));
    CHECK(error.contains(QStringLiteral("garbage.json is not JSON")));

    // A session file is JSON but no trace.
    CHECK_FALSE(StepTrace::readFile(fixture("resnet18-h200-session.json"), &error));
    CHECK(error.contains(QStringLiteral("resnet18-h200-session.json is not a GraphLens trace")));

    // Another tool's Chrome trace: events, but no GraphLens generator.
    auto foreign = QJsonDocument::fromJson(fixtureBytes()).object();
    foreign.remove(QStringLiteral("otherData"));
    const QString other = dir.filePath(QStringLiteral("other-tool.json"));
    writeFile(other, QJsonDocument(foreign).toJson());
    CHECK_FALSE(StepTrace::readFile(other, &error));
    CHECK(error.contains(QStringLiteral("other-tool.json is not a GraphLens trace")));

    // Without the graphed section (pids 300, 301) no batch has both arms.
    auto document = QJsonDocument::fromJson(fixtureBytes()).object();
    QJsonArray kept;
    const auto events = document.value(QStringLiteral("traceEvents")).toArray();
    for (const auto& event : events) {
        if (event.toObject().value(QStringLiteral("pid")).toInt() < 300) kept.append(event);
    }
    document.insert(QStringLiteral("traceEvents"), kept);
    const QString eagerOnly = dir.filePath(QStringLiteral("eager-only.json"));
    writeFile(eagerOnly, QJsonDocument(document).toJson());
    CHECK_FALSE(StepTrace::readFile(eagerOnly, &error));
    CHECK(error.contains(QStringLiteral("eager-only.json holds no eager and graphed step of the same batch")));
    CHECK(error.contains(QStringLiteral("synthetic batch 8 contiguous eager")));
}

TEST_CASE("kernel names are demangled and shortened for the bars", "[timeline]") {
    CHECK(readableKernelName(QStringLiteral("_Z12relu_forwardPfi")) == QStringLiteral("relu_forward(float*, int)"));
    CHECK(shortKernelName(QStringLiteral("_Z12relu_forwardPfi")) == QStringLiteral("relu_forward"));
    CHECK(shortKernelName(QStringLiteral("_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEESt5arrayIPcLm1EEEEviT0_T1_")) ==
          QStringLiteral("vectorized_elementwise_kernel"));
    CHECK(shortKernelName(QStringLiteral("_ZN17cutlass__5x_cudnn6KernelI69cutlass_tensorop_f16_s16816fprop_optimized_f16_"
                                         "64x64_64x5_nhwc_align8EEvNT_6ParamsE")) ==
          QStringLiteral("Kernel<cutlass_tensorop_f16_s16816fprop_optimized_f16_64x64_64x5_nhwc_align8>"));
    CHECK(shortKernelName(QStringLiteral("conv")) == QStringLiteral("conv"));
    CHECK(readableKernelName(QStringLiteral("_Znot a symbol")) == QStringLiteral("_Znot a symbol"));
}

TEST_CASE("timeline view places items at their time for the zoom", "[timeline]") {
    StepTimelineView view;
    view.resize(1000, 420);
    view.setPair(loadFixture().pairs().front());
    const double left = view.plotLeft();
    const double scale = view.plotWidth() / 500.0;  // fitted: the longer (eager) step fills the width
    CHECK(view.pixelsPerUs() == Approx(scale));

    using Lane = StepTimelineView::Lane;
    const auto* conv = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("conv"));
    REQUIRE(conv);
    CHECK(conv->rect.left() == Approx(left + 70 * scale));
    CHECK(conv->rect.width() == Approx(100 * scale));
    const auto* graphedConv = itemLabelled(view, 1, Lane::Gpu, QStringLiteral("conv"));
    REQUIRE(graphedConv);
    CHECK(graphedConv->rect.left() == Approx(left + 80 * scale));  // each row from its own step's start
    CHECK(graphedConv->rect.top() > conv->rect.bottom());          // graphed below eager
    const auto* launch = itemLabelled(view, 1, Lane::Cpu, QStringLiteral("cudaGraphLaunch"));
    REQUIRE(launch);
    CHECK(launch->rect.left() == Approx(left + 50 * scale));
    CHECK(launch->rect.bottom() <= graphedConv->rect.top());  // CPU lane above the GPU lane

    SECTION("zooming keeps the anchor's time under it") {
        view.zoomBy(2.0, left);
        CHECK(view.pixelsPerUs() == Approx(2 * scale));
        conv = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("conv"));
        CHECK(conv->rect.left() == Approx(left + 140 * scale));
        const double anchor = conv->rect.left();
        view.zoomBy(4.0, anchor);
        conv = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("conv"));
        CHECK(conv->rect.left() == Approx(anchor));
        CHECK(conv->rect.width() == Approx(800 * scale));
        CHECK(view.timeAt(anchor) == Approx(70));
    }
    SECTION("panning shifts everything; reset fits the steps again") {
        view.zoomBy(4.0, left);
        view.panByPixels(100);
        conv = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("conv"));
        CHECK(conv->rect.left() == Approx(left + 280 * scale - 100));
        view.resetZoom();
        conv = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("conv"));
        CHECK(conv->rect.left() == Approx(left + 70 * scale));
    }
    SECTION("zooming out stops at the whole steps") {
        view.zoomBy(0.1, left + 200);
        CHECK(view.pixelsPerUs() == Approx(scale));
        CHECK(view.viewStartUs() == Approx(0));
    }
    SECTION("a fitted view follows the width") {
        view.show();  // a hidden widget gets its resize event only when shown
        view.resize(1400, 420);
        CHECK(view.pixelsPerUs() == Approx(view.plotWidth() / 500.0));
    }
}

TEST_CASE("timeline tooltips name the item under the cursor and its duration", "[timeline]") {
    StepTimelineView view;
    view.resize(1000, 420);
    view.setPair(loadFixture().pairs().front());
    using Lane = StepTimelineView::Lane;
    const auto* conv = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("conv"));
    REQUIRE(conv);
    const QString convTip = view.toolTipAt(conv->rect.center());
    CHECK(convTip.startsWith(QStringLiteral("conv\n")));
    CHECK(convTip.contains(QStringLiteral("kernel on stream 7 · 100 µs · at 70.0 µs")));

    const auto* relu = itemLabelled(view, 0, Lane::Gpu, QStringLiteral("relu_forward"));
    REQUIRE(relu);
    CHECK(view.toolTipAt(relu->rect.center()).contains(QStringLiteral("relu_forward(float*, int)")));

    // In the GPU lane between conv (ends 170) and relu (starts 220): the gap.
    const QPointF inGap(view.xForTime(195), conv->rect.center().y());
    CHECK(view.toolTipAt(inGap).startsWith(QStringLiteral("GPU idle 50.0 µs\nfrom 170 µs to 220 µs")));

    const auto* launch = itemLabelled(view, 1, Lane::Cpu, QStringLiteral("cudaGraphLaunch"));
    REQUIRE(launch);
    const QString launchTip = view.toolTipAt(launch->rect.center());
    CHECK(launchTip.contains(QStringLiteral("cudaGraphLaunch_v10000")));
    CHECK(launchTip.contains(QStringLiteral("graph launch call · 20.0 µs · at 50.0 µs")));

    const auto* graph = itemLabelled(view, 1, Lane::Graph, QStringLiteral("graph 3"));
    REQUIRE(graph);
    CHECK(view.toolTipAt(graph->rect.center()).contains(QStringLiteral("3 kernels, 1 copy or set nodes")));

    CHECK(view.toolTipAt(QPointF(view.plotLeft() + 5, view.height() - 2)).isEmpty());  // the axis: nothing
}

TEST_CASE("timeline rows say how much of the step the GPU idles", "[timeline]") {
    const auto trace = loadFixture();
    const auto& pair = trace.pairs().front();
    CHECK(StepTimelineView::idleSummary(pair.eager) == QStringLiteral("GPU idle 260 µs of 500 µs (52%)"));
    CHECK(StepTimelineView::idleSummary(pair.graphed) == QStringLiteral("GPU idle 75.0 µs of 300 µs (25%)"));
    CHECK(StepTimelineView::formatDuration(2100) == QStringLiteral("2.10 ms"));
    CHECK(StepTimelineView::formatDuration(1234) == QStringLiteral("1.23 ms"));
    CHECK(StepTimelineView::formatDuration(12.5) == QStringLiteral("12.5 µs"));
    CHECK(StepTimelineView::formatDuration(0.45) == QStringLiteral("450 ns"));
    CHECK(TimelinePanel::comparison(pair) ==
          QStringLiteral("One profiled step at batch 8: the graphed step takes 300 µs, the eager one 500 µs (1.67× "
                         "faster in this step); "
                         "the GPU idles 75.0 µs instead of 260 µs."));
}

TEST_CASE("timeline panel says how to get a trace until one is loaded", "[timeline]") {
    TimelinePanel panel;
    auto* stack = panel.findChild<QStackedWidget*>();
    REQUIRE(stack);
    CHECK(stack->currentWidget() == panel.emptyStateLabel());
    CHECK(panel.emptyStateLabel()->text().contains(QStringLiteral("--trace session.trace.json")));
    CHECK(panel.emptyStateLabel()->text().contains(QStringLiteral("Open Trace")));

    QString error;
    REQUIRE(panel.loadTraceFile(kTraceFixture, &error));
    CHECK(panel.hasTrace());
    CHECK(stack->currentWidget() != panel.emptyStateLabel());
    REQUIRE(panel.pairChooser()->count() == 1);
    CHECK(panel.pairChooser()->itemText(0) == QStringLiteral("synthetic batch 8 contiguous"));
    CHECK(panel.view()->hasPair());
    CHECK(panel.comparisonLabel()->text().contains(QStringLiteral("1.67× faster")));

    // A bad file leaves the trace shown.
    CHECK_FALSE(panel.loadTraceFile(fixture("resnet18-h200-session.json"), &error));
    CHECK(panel.hasTrace());
    CHECK(panel.traceFile().endsWith(QStringLiteral("synthetic-trace-format.json")));
    panel.clear();
    CHECK(stack->currentWidget() == panel.emptyStateLabel());
}

TEST_CASE("main window opens a trace from the menu and the one beside a session", "[timeline][window]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    auto* timeline = window.timelinePanel();
    REQUIRE(timeline);
    QTabWidget* tabs = nullptr;  // the charts area: the tab widget that holds the timeline
    const auto tabWidgets = window.findChildren<QTabWidget*>();
    for (auto* candidate : tabWidgets) {
        if (candidate->indexOf(timeline) >= 0) tabs = candidate;
    }
    REQUIRE(tabs);
    CHECK(tabs->tabText(tabs->indexOf(timeline)) == QStringLiteral("Timeline"));
    auto* openTrace = window.findChild<QAction*>(QStringLiteral("actionOpenTrace"));
    REQUIRE(openTrace);
    bool inFileMenu = false;
    const auto menus = window.menuBar()->findChildren<QMenu*>();
    for (const auto* menu : menus) inFileMenu = inFileMenu || menu->actions().contains(openTrace);
    CHECK(inFileMenu);

    SECTION("File > Open Trace loads it and shows the tab, even with no rows") {
        REQUIRE(window.openTraceFile(kTraceFixture));
        CHECK(timeline->hasTrace());
        CHECK(tabs->currentWidget() == timeline);
        CHECK(window.emptyStateLabel()->isHidden());
        CHECK_FALSE(window.openTraceFile(fixture("resnet18-h200-session.json")));
        CHECK(window.lastError().contains(QStringLiteral("resnet18-h200-session.json")));
        CHECK(timeline->hasTrace());
    }
    SECTION("session.json loads session.trace.json beside it; a session without one clears it") {
        const QString session = dir.filePath(QStringLiteral("session.json"));
        REQUIRE(QFile::copy(fixture("resnet18-h200-session.json"), session));
        REQUIRE(QFile::copy(kTraceFixture, dir.filePath(QStringLiteral("session.trace.json"))));
        REQUIRE(window.openFile(session));
        CHECK(timeline->hasTrace());
        CHECK(timeline->traceFile().endsWith(QStringLiteral("session.trace.json")));

        const QString alone = dir.filePath(QStringLiteral("alone.json"));
        REQUIRE(QFile::copy(fixture("resnet18-h200-session.json"), alone));
        REQUIRE(window.openFile(alone));
        CHECK_FALSE(timeline->hasTrace());
    }
    SECTION("a broken trace beside a session is reported, and the session still opens") {
        const QString session = dir.filePath(QStringLiteral("run.json"));
        REQUIRE(QFile::copy(fixture("resnet18-h200-session.json"), session));
        writeFile(dir.filePath(QStringLiteral("run.trace.json")), "not json");
        REQUIRE(window.openFile(session));
        CHECK_FALSE(timeline->hasTrace());
        CHECK(window.model()->rowCount() > 0);
    }
}
