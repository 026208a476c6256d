// The charts under ui/charts, built from the committed real H200 session
// (fixtures/resnet18-h200-session.json, produced by the engine on 2026-12-01). Expected values are
// read from the file here with QJsonDocument, independently of the results parser the GUI uses.
#include "results/Session.h"
#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/charts/VramChartView.h"
#include "ui/models/MeasurementTableModel.h"

#include <QAbstractAxis>
#include <QCoreApplication>
#include <QBarSet>
#include <QChart>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const QString fixturePath = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");

// The fixture's rows as JSON objects, straight from the file.
QJsonArray fixtureRows() {
    QFile file(fixturePath);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const auto doc = QJsonDocument::fromJson(file.readAll());
    REQUIRE(doc.isObject());
    return doc.object().value(QStringLiteral("rows")).toArray();
}

// The timed ok row of one arm and batch (the fixture has one per arm and batch).
QJsonObject timedRow(const QJsonArray& rows, const QString& arm, int batch) {
    for (const auto& value : rows) {
        const auto row = value.toObject();
        if (row.value(QStringLiteral("pass")).toString() == QStringLiteral("timed") &&
            row.value(QStringLiteral("status")).toString() == QStringLiteral("ok") &&
            row.value(QStringLiteral("arm")).toString() == arm && row.value(QStringLiteral("batch")).toInt() == batch) {
            return row;
        }
    }
    FAIL("no timed row for " << arm.toStdString() << " batch " << batch);
    return {};
}

double number(const QJsonObject& row, const char* column) {
    const auto value = row.value(QLatin1String(column));
    REQUIRE(value.isDouble());
    return value.toDouble();
}

// Distinct batches of the timed rows, ascending (1 and 8 in this session).
std::vector<int> fixtureBatches(const QJsonArray& rows) {
    std::vector<int> batches;
    for (const auto& value : rows) {
        const int batch = value.toObject().value(QStringLiteral("batch")).toInt();
        if (std::find(batches.begin(), batches.end(), batch) == batches.end()) batches.push_back(batch);
    }
    std::sort(batches.begin(), batches.end());
    return batches;
}

std::vector<QLineSeries*> lineSeries(const QList<QAbstractSeries*>& all) {
    std::vector<QLineSeries*> lines;
    for (auto* series : all) {
        if (series->type() == QAbstractSeries::SeriesTypeLine) lines.push_back(static_cast<QLineSeries*>(series));
    }
    return lines;
}

QLineSeries* lineNamed(QChart* chart, const QString& name) {
    for (auto* line : lineSeries(chart->series())) {
        if (line->name() == name) return line;
    }
    FAIL("no series named " << name.toStdString());
    return nullptr;
}

// The series' y at each fixture batch equals the column of that batch's timed row, exactly.
void checkPoints(QLineSeries* line, const QJsonArray& rows, const QString& arm, const char* column) {
    const auto batches = fixtureBatches(rows);
    REQUIRE(line->count() == int(batches.size()));
    for (size_t i = 0; i < batches.size(); ++i) {
        INFO(line->name().toStdString() << " batch " << batches[i]);
        CHECK(line->at(int(i)).x() == batches[i]);
        CHECK(line->at(int(i)).y() == number(timedRow(rows, arm, batches[i]), column));
    }
}

struct FixturePanel {
    MeasurementTableModel model;
    ChartsPanel panel;
    FixturePanel() {
        model.resetData(results::readAnyResultsFile(fixturePath.toStdString()).rows);
        panel.setModel(&model);
    }
};

// Every panel's axes titled; the view's wrapped legend (not Qt's one-row one) shows entries.
void checkAxesTitled(ModelChartView* view) {
    for (auto* chart : view->panels()) {
        for (auto* axis : chart->axes()) CHECK_FALSE(axis->titleText().isEmpty());
        CHECK_FALSE(chart->legend()->isVisible());
    }
    CHECK(view->legendItem()->isVisible());
    CHECK_FALSE(view->legendItem()->entries().empty());
}

}  // namespace

TEST_CASE("the fixture is the real H200 session the engine wrote", "[ui][chart][fixture]") {
    QFile file(fixturePath);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const auto session = QJsonDocument::fromJson(file.readAll()).object();
    CHECK(session.value(QStringLiteral("format")).toString() == QStringLiteral("graphlens-session"));
    CHECK(session.value(QStringLiteral("environment")).toObject().value(QStringLiteral("device")).toString() ==
          QStringLiteral("NVIDIA H200"));
    const auto rows = fixtureRows();
    CHECK(rows.size() == 8);  // eager + graphed at batch 1 and 8, timed and profiled
    CHECK(fixtureBatches(rows) == std::vector<int>{1, 8});
}

TEST_CASE("charts panel holds the two existing charts and the four new ones", "[ui][chart]") {
    FixturePanel f;
    REQUIRE(f.panel.count() == 6);
    CHECK(f.panel.widget(0) == f.panel.speedupChart());
    CHECK(f.panel.widget(1) == f.panel.stepTimeChart());
    CHECK(f.panel.tabText(2) == QStringLiteral("Replays"));
    CHECK(f.panel.tabText(3) == QStringLiteral("VRAM"));
    CHECK(f.panel.tabText(4) == QStringLiteral("Launch overhead"));
    CHECK(f.panel.tabText(5) == QStringLiteral("Phases"));
    // The existing charts draw the real session too: one speedup curve with its two batches.
    const auto rows = fixtureRows();
    REQUIRE(f.panel.speedupChart()->curves().size() == 1);
    REQUIRE(f.panel.speedupChart()->curves()[0].points.size() == 2);
    CHECK(f.panel.speedupChart()->curves()[0].points[1].speedup == number(timedRow(rows, QStringLiteral("graphed"), 8), "speedup"));
}

TEST_CASE("replays chart: replays, fallbacks, break-even and capture time of the graphed rows", "[ui][chart]") {
    FixturePanel f;
    const auto rows = fixtureRows();
    auto* view = f.panel.replaysChart();
    checkAxesTitled(view);
    // Small multiples: counts in one panel, capture time in another, one value axis each.
    REQUIRE(view->panels().size() == 2);
    CHECK(view->countsPanel()->axes(Qt::Vertical).size() == 1);
    CHECK(view->capturePanel()->axes(Qt::Vertical).size() == 1);
    // One key (resnet18 · fp16 · nchw · infer): four curves, named by metric alone.
    REQUIRE(lineSeries(view->allSeries()).size() == 4);
    CHECK(view->chart()->title().endsWith(QStringLiteral(" — resnet18 · fp16 · nchw · infer")));
    auto* chart = view->countsPanel();
    const QString graphed = QStringLiteral("graphed");
    checkPoints(lineNamed(chart, QStringLiteral("graph replays")), rows, graphed, "replays");
    checkPoints(lineNamed(chart, QStringLiteral("eager fallbacks")), rows, graphed, "eager_fallbacks");
    checkPoints(lineNamed(chart, QStringLiteral("break-even replays")), rows, graphed, "break_even_replays");
    checkPoints(lineNamed(view->capturePanel(), QStringLiteral("capture time")), rows, graphed, "capture_ms");
}

TEST_CASE("VRAM chart: peak reserved per arm, reserved delta and graph pool", "[ui][chart]") {
    FixturePanel f;
    const auto rows = fixtureRows();
    auto* view = f.panel.vramChart();
    checkAxesTitled(view);
    REQUIRE(view->panels().size() == 3);
    REQUIRE(lineSeries(view->allSeries()).size() == 4);
    auto* peaks = view->peaksPanel();
    checkPoints(lineNamed(peaks, QStringLiteral("eager")), rows, QStringLiteral("eager"), "vram_peak_reserved_mb");
    checkPoints(lineNamed(peaks, QStringLiteral("graphed")), rows, QStringLiteral("graphed"), "vram_peak_reserved_mb");
    // The delta and the pool are the graphed arm's figures: named and drawn as that arm in their panels.
    checkPoints(lineNamed(view->deltaPanel(), QStringLiteral("graphed")), rows, QStringLiteral("graphed"),
                "vram_delta_reserved_mb");
    checkPoints(lineNamed(view->poolPanel(), QStringLiteral("graphed")), rows, QStringLiteral("graphed"), "graph_pool_mb");
    CHECK(view->legendItem()->entries().size() == 2);  // eager and graphed, for all three panels
    // The peaks panel's y axis reaches the largest figure.
    auto* axis = peaks->axes(Qt::Vertical).front();
    CHECK(static_cast<QValueAxis*>(axis)->max() >=
          number(timedRow(rows, QStringLiteral("graphed"), 8), "vram_peak_reserved_mb"));
}

TEST_CASE("launch overhead chart: launches, CPU launch time and GPU idle, eager vs graphed", "[ui][chart]") {
    FixturePanel f;
    const auto rows = fixtureRows();
    auto* view = f.panel.launchOverheadChart();
    checkAxesTitled(view);
    // Three quantities, three panels with one value axis each (not three y-axes on one plot).
    REQUIRE(view->panels().size() == 3);
    for (auto* panel : view->panels()) CHECK(panel->axes(Qt::Vertical).size() == 1);
    REQUIRE(lineSeries(view->allSeries()).size() == 6);
    for (const QString& arm : {QStringLiteral("eager"), QStringLiteral("graphed")}) {
        checkPoints(lineNamed(view->panel(0), arm), rows, arm, "launches");
        checkPoints(lineNamed(view->panel(1), arm), rows, arm, "launch_cpu_us");
        // The timed row's idle share (profiled busy time over the timed median), not the profiled row's.
        checkPoints(lineNamed(view->panel(2), arm), rows, arm, "gpu_idle_pct");
    }
}

TEST_CASE("phases chart: stacked phase times per batch and arm, with the network fraction", "[ui][chart]") {
    FixturePanel f;
    const auto rows = fixtureRows();
    auto* view = f.panel.phasesChart();
    checkAxesTitled(view);
    // Inference rows: data, forward and postprocess only (no loss, backward, optimizer columns).
    CHECK(view->phases() == std::vector<std::string>{"data_ms", "forward_ms", "postprocess_ms"});
    CHECK(view->categories() ==
          QStringList{QStringLiteral("b1 eager"), QStringLiteral("b1 graphed"), QStringLiteral("b8 eager"),
                      QStringLiteral("b8 graphed")});

    QStackedBarSeries* stacked = nullptr;
    QScatterSeries* network = nullptr;
    for (auto* series : view->chart()->series()) {
        if (auto* s = qobject_cast<QStackedBarSeries*>(series)) stacked = s;
        if (auto* s = qobject_cast<QScatterSeries*>(series)) network = s;
    }
    REQUIRE(stacked);
    REQUIRE(network);
    REQUIRE(stacked->count() == 3);
    const char* columns[] = {"data_ms", "forward_ms", "postprocess_ms"};
    for (int set = 0; set < 3; ++set) {
        auto* bars = stacked->barSets()[set];
        REQUIRE(bars->count() == 4);
        int index = 0;
        for (int batch : {1, 8}) {
            for (const QString& arm : {QStringLiteral("eager"), QStringLiteral("graphed")}) {
                INFO(columns[set] << " " << arm.toStdString() << " " << batch);
                CHECK(bars->at(index++) == number(timedRow(rows, arm, batch), columns[set]));
            }
        }
    }
    // Network fraction of the eager step: one marker per eager bar, exact in the model, rounded to
    // 0.1% where it is plotted (label precision).
    REQUIRE(network->count() == 2);
    REQUIRE(view->bars().size() == 4);
    const double fraction1 = number(timedRow(rows, QStringLiteral("eager"), 1), "network_fraction");
    const double fraction8 = number(timedRow(rows, QStringLiteral("eager"), 8), "network_fraction");
    CHECK(view->bars()[0].networkFraction == fraction1);
    CHECK(view->bars()[2].networkFraction == fraction8);
    CHECK(network->at(0).y() == Approx(100.0 * fraction1).margin(0.05));
    CHECK(network->at(1).y() == Approx(100.0 * fraction8).margin(0.05));
    CHECK(view->bars()[2].speedupCeiling == number(timedRow(rows, QStringLiteral("eager"), 8), "speedup_ceiling"));
    // Over each graphed bar, the ceiling its eager step allows and the speedup the graph got.
    const auto note = [&](int batch) {
        return QStringLiteral("ceiling %1×\ngot %2×")
            .arg(graphlens::ui::exactNumber(number(timedRow(rows, QStringLiteral("eager"), batch), "speedup_ceiling"), 1),
                 graphlens::ui::exactNumber(number(timedRow(rows, QStringLiteral("graphed"), batch), "speedup"), 2));
    };
    CHECK(view->ceilingNotes() == QStringList{note(1), note(8)});
}

TEST_CASE("new charts are empty but titled without rows, and skip profiled and failed rows", "[ui][chart]") {
    MeasurementTableModel model;
    ChartsPanel panel;
    panel.setModel(&model);
    CHECK(lineSeries(panel.replaysChart()->allSeries()).empty());
    CHECK(panel.replaysChart()->chart()->title().endsWith(QStringLiteral(" — no rows yet")));
    CHECK(panel.phasesChart()->bars().empty());

    // Only the fixture's profiled rows (plus a failed copy of a timed one): nothing to draw.
    auto rows = results::readAnyResultsFile(fixturePath.toStdString()).rows;
    std::vector<results::Measurement> kept;
    for (auto row : rows) {
        if (row.pass == "timed") row.status = "error";
        kept.push_back(row);
    }
    model.resetData(kept);
    CHECK(panel.vramChart()->curves().empty());
    CHECK(panel.launchOverheadChart()->curves().empty());
}

TEST_CASE("phase category labels turn only as far as they must to be read whole", "[ui][chart][phases]") {
    // Inference and training: categories such as "train net b8 graphed".
    auto rows = results::readAnyResultsFile(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json").rows;
    MeasurementTableModel model;
    model.resetData(rows);
    PhasesChartView view;
    view.setModel(&model);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    const auto layOut = [&](int width) {
        view.resize(width, 420);
        for (int pass = 0; pass < 3; ++pass) {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
        }
    };
    REQUIRE(view.categories().size() >= 6);
    // Narrow: a slanted "train net b8 graphed" is wider than its category, and Qt would elide it.
    layOut(480);
    CHECK(view.categoryLabelAngle() == -90);
    // Room enough for every label upright.
    layOut(4000);
    CHECK(view.categoryLabelAngle() == 0);
}
