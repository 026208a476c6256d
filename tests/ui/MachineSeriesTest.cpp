// A session merged from many machines (graphlens-cli merge) read by GPU, host or driver: "Series by"
// regroups every chart's series, the window says how many machines the rows come from, legends
// name the machine whole, and File ▸ Set GPU as Baseline compares the other GPUs with one of them
// through the same delta columns and "vs baseline" chart as two sessions. The merged session is
// MergedSessionFixture's two fake machines (hosts node-a and node-b, two GPU UUIDs): test data,
// not measurements.
#include "LegendReadability.h"
#include "MergedSessionFixture.h"
#include "TestRows.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/SeriesBySelector.h"
#include "ui/charts/SeriesGrouping.h"
#include "ui/charts/ModelChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/SpeedupSeries.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/session/Baseline.h"
#include "ui/session/BaselineController.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/BaselineRatioChartView.h"

#include <cstdio>
#include <QAction>
#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace graphlens;
using namespace graphlens::ui;

using test::fakeMergedEnvironment;
using test::machineRows;
using test::mergedRows;
using test::openMergedWindow;
using test::settleMachines;
using test::writeMergedSession;

namespace {

constexpr const char* kUuidA = test::kMergedUuidA;
constexpr const char* kUuidB = test::kMergedUuidB;

QStringList seriesNames(QChart* chart) {
    QStringList names;
    for (auto* series : chart->series()) names << series->name();
    return names;
}

QStringList viewSeriesNames(ModelChartView* view) {  // every panel of small multiples
    QStringList names;
    for (auto* series : view->allSeries()) names << series->name();
    return names;
}

QVariant machineCell(const QAbstractItemModel& model, int row, int column) {
    return model.data(model.index(row, column), Qt::DisplayRole);
}

// The table row (through its proxies) of the timed row of this host, arm and batch.
int machineTableRow(MainWindow& window, const std::string& host, const std::string& arm, int batch) {
    const auto& rows = window.model()->rows();
    for (size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].host == host && rows[r].arm == arm && rows[r].batch == batch) {
            return window.tableProxy()->indexOfModelRow(int(r)).row();
        }
    }
    return -1;
}

}  // namespace

TEST_CASE("series grouping: GPUs named by model and the shortest UUID that tells them apart", "[ui][machines]") {
    const auto rows = mergedRows();
    const SeriesGrouping byGpu(SeriesBy::Gpu, rows, fakeMergedEnvironment());
    CHECK(byGpu.machineOf(rows.front()) == "H200 · GPU-1a2b");
    CHECK(byGpu.machineOf(rows.back()) == "L4 · GPU-9f8e");
    CHECK(byGpu.machineOf(rows.front(), SeriesBy::Host) == "node-a");
    CHECK(byGpu.machineOf(rows.back(), SeriesBy::Driver) == "driver 575.57.08");
    CHECK(byGpu.machineOf(rows.front(), SeriesBy::Family).empty());
    CHECK(byGpu.machines(rows, SeriesBy::Gpu) == std::vector<std::string>{"H200 · GPU-1a2b", "L4 · GPU-9f8e"});

    // Two GPUs whose UUIDs share their first four digits keep a digit more each.
    auto twins = rows;
    twins.back().gpu_uuid = "GPU-1a2bff00-0000";
    const SeriesGrouping close(SeriesBy::Gpu, twins, nullptr);
    CHECK(close.machineOf(twins.front()) == "H200 · GPU-1a2b3");
    CHECK(close.machineOf(twins.back()) == "L4 · GPU-1a2bf");
    CHECK_FALSE(close.knowsDrivers());
    CHECK(close.machineOf(twins.back(), SeriesBy::Driver) == "driver unknown");
    // A CPU row's machine is its host's CPU.
    auto cpu = rows.front();
    cpu.device = "cpu";
    cpu.gpu_uuid.clear();
    CHECK(close.machineOf(cpu) == "CPU · node-a");

    CHECK(machineSentence(countMachines(rows, byGpu)) == "Rows from 2 GPUs on 2 hosts with 2 drivers");
    const auto one = machineRows("s", "node-a", "NVIDIA H200", kUuidA, 1.0, {2.0, 1.5, 1.1});
    CHECK(machineSentence(countMachines(one, SeriesGrouping(SeriesBy::Gpu, one, nullptr))).empty());
}

TEST_CASE("series grouping: the speedup curves are one per GPU by GPU, one for both by family", "[ui][machines]") {
    const auto rows = mergedRows();
    const auto byFamily = speedupCurves(rows);
    REQUIRE(byFamily.size() == 1);  // the machines' rows fall on one curve (the last row of a batch wins)
    const auto byGpu = speedupCurves(rows, SeriesGrouping(SeriesBy::Gpu, rows, nullptr));
    REQUIRE(byGpu.size() == 2);
    CHECK(byGpu[0].key.machine == "H200 · GPU-1a2b");
    CHECK(byGpu[0].measuredAt(1)->speedup == Approx(2.1));
    CHECK(byGpu[1].key.machine == "L4 · GPU-9f8e");
    CHECK(byGpu[1].measuredAt(1)->speedup == Approx(1.6));
    CHECK(byGpu[1].measuredAt(32)->speedup == Approx(1.02));
    // A row belongs to its machine's curve only (what the table's selection marks).
    const SeriesGrouping grouping(SeriesBy::Gpu, rows, nullptr);
    CHECK(byGpu[0].holds(rows[1], grouping));
    CHECK_FALSE(byGpu[1].holds(rows[1], grouping));
    CHECK(byGpu[1].holds(rows.back(), grouping));
}

TEST_CASE("window: a merged session offers Series by, and every chart regroups by GPU, host and driver",
          "[ui][machines]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    REQUIRE(openMergedWindow(window, dir));

    auto* panel = window.findChild<ChartsPanel*>();
    REQUIRE(panel);
    auto* selector = panel->seriesBy();
    CHECK(selector->isVisible());
    CHECK(selector->machineSentence() == QStringLiteral("Rows from 2 GPUs on 2 hosts with 2 drivers"));
    CHECK(selector->comboBox()->toolTip().startsWith(selector->machineSentence()));
    CHECK(window.summaryCard()->text().contains(QStringLiteral("Rows from 2 GPUs on 2 hosts with 2 drivers: by family, "
                                                               "the charts and this summary show one machine's figure")));
    CHECK(selector->comboBox()->count() == 4);  // family, GPU, host, driver (the environment names drivers)
    CHECK(selector->seriesBy() == SeriesBy::Family);  // the default

    auto* speedup = panel->speedupChart();
    auto* stepTime = panel->stepTimeChart();
    const auto measuredCount = [&] { return speedup->curves().size(); };
    CHECK(measuredCount() == 1);

    selector->comboBox()->setCurrentIndex(selector->comboBox()->findText(QStringLiteral("GPU")));
    CHECK(selector->seriesBy() == SeriesBy::Gpu);
    window.summaryCard()->redrawIfPending();
    CHECK(window.summaryCard()->machineNote() == QStringLiteral("Rows from 2 GPUs on 2 hosts with 2 drivers: the charts draw a line per GPU."));
    // The summary's figures per GPU, each from its own rows.
    const QString summary = window.summaryCard()->sentences().join(QLatin1Char('\n'));
    CHECK(summary.contains(QStringLiteral("2.1× faster at batch 1 in fp16 on H200 · GPU-1a2b")));
    CHECK(summary.contains(QStringLiteral("1.6× faster at batch 1 in fp16 on L4 · GPU-9f8e")));
    speedup->redrawIfPending();
    REQUIRE(measuredCount() == 2);
    QStringList names = seriesNames(speedup->chart());
    CHECK(names.contains(QStringLiteral("H200 · GPU-1a2b")));
    CHECK(names.contains(QStringLiteral("L4 · GPU-9f8e")));
    // Another tab regroups too, once it is shown.
    panel->setCurrentWidget(stepTime);
    settleMachines();
    stepTime->redrawIfPending();
    names = viewSeriesNames(stepTime);
    CHECK(names.filter(QStringLiteral("H200 · GPU-1a2b")).size() >= 2);  // eager and graphed
    CHECK(names.filter(QStringLiteral("L4 · GPU-9f8e")).size() >= 2);

    selector->setSeriesBy(SeriesBy::Host);
    panel->setCurrentWidget(speedup);
    settleMachines();
    speedup->redrawIfPending();
    names = seriesNames(speedup->chart());
    window.summaryCard()->redrawIfPending();
    CHECK(window.summaryCard()->sentences().filter(QStringLiteral("node-b: Graphs make resnet18")).size() == 1);
    CHECK(names.contains(QStringLiteral("node-a")));
    CHECK(names.contains(QStringLiteral("node-b")));

    selector->setSeriesBy(SeriesBy::Driver);
    speedup->redrawIfPending();
    names = seriesNames(speedup->chart());
    CHECK(names.contains(QStringLiteral("driver 580.95.05")));
    CHECK(names.contains(QStringLiteral("driver 575.57.08")));

    selector->setSeriesBy(SeriesBy::Family);
    speedup->redrawIfPending();
    CHECK(measuredCount() == 1);
}

TEST_CASE("window: a session of one machine does not offer Series by", "[ui][machines]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::Session session;
    session.session_id = "one-machine";
    session.environment = {{"host", "node-a"}, {"gpu_uuid", kUuidA}, {"driver_version", "580.95.05"}};
    session.rows = machineRows("one-machine", "node-a", "NVIDIA H200", kUuidA, 1.0, {2.1, 1.3, 1.05});
    const QString path = dir.filePath(QStringLiteral("one.json"));
    results::writeSession(path.toStdString(), session);
    MainWindow window;
    REQUIRE(window.openFile(path));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    settleMachines();
    auto* panel = window.findChild<ChartsPanel*>();
    CHECK_FALSE(panel->seriesBy()->isVisible());
    CHECK(panel->seriesBy()->machineSentence().isEmpty());
    CHECK(window.summaryCard()->machineNote().isEmpty());
    CHECK_FALSE(window.baseline()->machineMenu()->menuAction()->isEnabled());
}

TEST_CASE("window: the by-GPU speedup chart names each GPU whole (screenshot looked at)",
          "[ui][machines][legend]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    REQUIRE(window.openFile(writeMergedSession(dir)));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    auto* panel = window.findChild<ChartsPanel*>();
    panel->seriesBy()->setSeriesBy(SeriesBy::Gpu);
    panel->setCurrentWidget(panel->speedupChart());
    settleMachines();
    auto* view = panel->speedupChart();
    view->redrawIfPending();
    settleMachines();

    const QStringList labels = test::expectedLegendLabels(view);
    CHECK(labels.contains(QStringLiteral("H200 · GPU-1a2b")));
    CHECK(labels.contains(QStringLiteral("L4 · GPU-9f8e")));
    const QStringList problems = test::legendProblems(view);
    INFO(problems.join(QLatin1Char('\n')).toStdString());
    CHECK(problems.isEmpty());
    const QStringList elided = test::elidedTexts(view);
    INFO("elided: " << elided.join(QStringLiteral(" | ")).toStdString());
    CHECK(elided.isEmpty());

    // For looking at: GRAPHLENS_SCREENSHOT_DIR, else the temporary folder.
    QString folder = qEnvironmentVariable("GRAPHLENS_SCREENSHOT_DIR");
    if (folder.isEmpty()) folder = QDir::tempPath();
    const QString png = QDir(folder).filePath(QStringLiteral("speedup-by-gpu.png"));
    CHECK(view->grab().save(png));
    CHECK(window.grab().save(QDir(folder).filePath(QStringLiteral("window-by-gpu.png"))));
    std::fprintf(stderr, "by-GPU speedup chart: %s\n", qPrintable(png));  // where to look at it
}

TEST_CASE("compare GPUs: one GPU of a merged session as the baseline, the other's deltas signed as two sessions' are",
          "[ui][machines][baseline]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    REQUIRE(openMergedWindow(window, dir));
    auto* controller = window.baseline();
    auto* panel = window.findChild<ChartsPanel*>();
    CHECK(controller->machineMenu()->menuAction()->isEnabled());
    CHECK(controller->machineMenu()->title() == QStringLiteral("Set GPU as Baseline"));
    CHECK(controller->baselineMachines() == QStringList{QStringLiteral("H200 · GPU-1a2b"), QStringLiteral("L4 · GPU-9f8e")});
    CHECK_FALSE(controller->setMachineAsBaseline(QStringLiteral("A100 · GPU-0000")));

    // The slower L4 as the baseline: the H200 is faster (negative Δ median) and gains more from graphs.
    REQUIRE(controller->setMachineAsBaseline(QStringLiteral("L4 · GPU-9f8e")));
    CHECK(controller->baseline()->name() == QStringLiteral("L4 · GPU-9f8e"));
    CHECK(panel->seriesBy()->seriesBy() == SeriesBy::Gpu);  // the comparison is drawn per GPU
    CHECK(panel->currentWidget() == controller->ratioChart());
    settleMachines();
    auto* table = window.table();
    const int change = controller->deltas()->columnOf(BaselineDeltaProxy::DeltaMedianPct);
    const int gain = controller->deltas()->columnOf(BaselineDeltaProxy::DeltaSpeedup);
    REQUIRE(change >= 0);
    REQUIRE(gain >= 0);
    const int h200 = machineTableRow(window, "node-a", "graphed", 1);
    // 0.691 ms against the L4's 1.815 ms: -61.9%; speedup 1.60× → 2.10×, +0.50 (a difference, not a ratio).
    CHECK(machineCell(*table->model(), h200, change).toString() == QStringLiteral("-61.9%"));
    CHECK(machineCell(*table->model(), h200, gain).toString() == QStringLiteral("1.60× → 2.10× (+0.50)"));
    CHECK(machineCell(*table->model(), machineTableRow(window, "node-a", "eager", 8), change).toString() ==
          QStringLiteral("-50.0%"));
    // The baseline GPU's own rows are not compared with themselves.
    CHECK(machineCell(*table->model(), machineTableRow(window, "node-b", "graphed", 1), gain).toString().isEmpty());
    CHECK(machineCell(*table->model(), machineTableRow(window, "node-b", "eager", 1), change).toString().isEmpty());

    // The "vs baseline" chart: the H200's curves alone, below the 1.0 line (faster), named by GPU.
    auto* ratio = controller->ratioChart();
    ratio->redrawIfPending();
    REQUIRE_FALSE(ratio->curves().empty());
    for (const auto& curve : ratio->curves()) {
        CHECK(curve.key.machine == "H200 · GPU-1a2b");
        for (const auto& point : curve.points) CHECK(point.value < 1.0);
    }
    // One GPU against the baseline: the legend says the arm, the title both GPUs.
    CHECK(seriesNames(ratio->chart()).contains(QStringLiteral("graphed")));
    CHECK(ratio->chart()->title().contains(QStringLiteral("vs baseline L4 · GPU-9f8e")));
    CHECK(ratio->chart()->title().contains(QStringLiteral("H200 · GPU-1a2b")));

    // The other way round: the H200 as the baseline, the L4's signs turn.
    REQUIRE(controller->setMachineAsBaseline(QStringLiteral("H200 · GPU-1a2b")));
    const int l4 = machineTableRow(window, "node-b", "graphed", 1);
    CHECK(machineCell(*table->model(), l4, change).toString() == QStringLiteral("+162.5%"));
    CHECK(machineCell(*table->model(), l4, gain).toString() == QStringLiteral("2.10× → 1.60× (-0.50)"));
    CHECK(machineCell(*table->model(), h200, gain).toString().isEmpty());
    ratio->redrawIfPending();
    for (const auto& curve : ratio->curves()) {
        CHECK(curve.key.machine == "L4 · GPU-9f8e");
        for (const auto& point : curve.points) CHECK(point.value > 1.0);
    }

    // Series by host: the baseline is a host, and the menu says so.
    controller->clearBaseline();
    panel->seriesBy()->setSeriesBy(SeriesBy::Host);
    CHECK(controller->machineMenu()->title() == QStringLiteral("Set Host as Baseline"));
    CHECK(controller->baselineMachines() == QStringList{QStringLiteral("node-a"), QStringLiteral("node-b")});
    REQUIRE(controller->setMachineAsBaseline(QStringLiteral("node-a")));
    CHECK(machineCell(*table->model(), l4, gain).toString() == QStringLiteral("2.10× → 1.60× (-0.50)"));
}

TEST_CASE("series by: rows streaming in from a second machine bring the choice up", "[ui][machines]") {
    MeasurementTableModel model;
    model.resetData(machineRows("s", "node-a", "NVIDIA H200", kUuidA, 1.0, {2.1, 1.3, 1.05}));
    QWidget parent;
    SeriesBySelector selector(&parent);
    selector.setSource(&model, nullptr);
    CHECK(selector.isHidden());
    CHECK(selector.comboBox()->count() == 3);  // no environment: no driver to choose
    int changes = 0;
    QObject::connect(&selector, &SeriesBySelector::groupingChanged, [&changes] { ++changes; });
    model.appendRow(machineRows("s", "node-a", "NVIDIA H200", kUuidA, 1.0, {2.2, 1.3, 1.05}).front());
    CHECK(selector.isHidden());  // the same machine: nothing new
    CHECK(changes == 0);
    for (const auto& row : machineRows("t", "node-b", "NVIDIA L4", kUuidB, 2.0, {1.6, 1.1, 1.02})) model.appendRow(row);
    CHECK_FALSE(selector.isHidden());
    CHECK(selector.machineSentence() == QStringLiteral("Rows from 2 GPUs on 2 hosts"));
    selector.setSeriesBy(SeriesBy::Gpu);
    CHECK(changes == 1);
    CHECK(selector.grouping().machineOf(model.rows().back()) == "L4 · GPU-9f8e");
}
