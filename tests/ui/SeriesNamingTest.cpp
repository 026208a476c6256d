// SeriesNaming: a series is named by what tells it from the chart's other series, the rest goes
// in the title once; and the charts built from the real sessions name their series that way.
#include "results/Session.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SeriesNaming.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/charts/VramChartView.h"
#include "ui/models/MeasurementTableModel.h"

#include <QAbstractSeries>
#include <QChart>
#include <QSet>
#include <QValueAxis>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

SeriesKey key(const char* family, const char* precision, const char* format, const char* phase, const char* scope) {
    return SeriesKey{family, precision, format, phase, scope, {}};
}

QStringList namesIn(QChart* chart) {
    QStringList names;
    for (auto* series : chart->series()) names << series->name();
    return names;
}

struct Panel {
    MeasurementTableModel model;
    ChartsPanel panel;
    explicit Panel(const char* fixture) {
        model.resetData(results::readAnyResultsFile(std::string(GRAPHLENS_UI_FIXTURE_DIR "/") + fixture).rows);
        panel.setModel(&model);
    }
};

}  // namespace

TEST_CASE("series naming: only what differs names a series, the shared part goes in the title", "[ui][chart][naming]") {
    const auto eagerInfer = key("yolo-t", "fp16", "nchw", "infer", "step");
    SECTION("one key: no label, everything in the title") {
        const SeriesNaming naming({eagerInfer});
        CHECK(naming.label(eagerInfer).isEmpty());
        CHECK(naming.name(eagerInfer, QStringLiteral("eager")) == QStringLiteral("eager"));
        CHECK(naming.titleSuffix() == QStringLiteral(" — yolo-t · fp16 · nchw · infer"));
    }
    SECTION("same family and precision: the label is the phase and scope") {
        const auto network = key("resnet18", "amp-fp16", "", "train", "network");
        const auto step = key("resnet18", "amp-fp16", "nchw", "train", "step");
        const SeriesNaming naming({network, step});
        CHECK(naming.name(network, QStringLiteral("eager")) == QStringLiteral("train (network scope) · eager"));
        CHECK(naming.label(step) == QStringLiteral("train (step scope)"));
        CHECK(naming.shared() == QStringLiteral("resnet18 · amp-fp16 · nchw"));  // no format is nchw
    }
    SECTION("families differ: the family leads, the precision stays in the title") {
        const auto resnet = key("resnet18", "fp16", "nchw", "infer", "step");
        const SeriesNaming naming({eagerInfer, resnet});
        CHECK(naming.label(eagerInfer) == QStringLiteral("yolo-t"));
        CHECK(naming.label(resnet) == QStringLiteral("resnet18"));
        CHECK(naming.titleSuffix() == QStringLiteral(" — fp16 · nchw · infer"));
        CHECK_FALSE(naming.name(resnet, QStringLiteral("graphed")).contains(QStringLiteral("fp16")));
    }
    SECTION("one model as a TorchScript file and as a compiled package: the form names the series") {
        auto script = key("resnet18", "fp16", "nchw", "infer", "network");
        script.form = "TorchScript";
        auto package = script;
        package.form = "AOTInductor";
        const SeriesNaming naming({script, package});
        CHECK(naming.name(script, QStringLiteral("graphed")) == QStringLiteral("TorchScript · graphed"));
        CHECK(naming.name(package, QStringLiteral("graphed")) == QStringLiteral("AOTInductor · graphed"));
        CHECK(naming.titleSuffix() == QStringLiteral(" — resnet18 · fp16 · nchw · infer (network scope)"));
        results::Measurement row;
        row.family = "resnet18";
        row.jit = "aoti";
        CHECK(SeriesKey::of(row).form == "AOTInductor");
        row.jit = "fuse";
        CHECK(SeriesKey::of(row).form == "TorchScript");
        row.jit.clear();  // a built-in family
        CHECK(SeriesKey::of(row).form.empty());
        CHECK_FALSE(SeriesKey::of(row) == script);
    }
    SECTION("an inference network scope is spelled out") {
        const auto network = key("yolo-t", "fp16", "nchw", "infer", "network");
        const SeriesNaming naming({eagerInfer, network});
        CHECK(naming.label(network) == QStringLiteral("infer (network scope)"));
        CHECK(naming.label(eagerInfer) == QStringLiteral("infer"));
    }
}

TEST_CASE("charts over inference and training name series without the family, which is in the title",
          "[ui][chart][naming]") {
    Panel f("resnet18-h200-infer-train-session.json");
    QStringList all;
    for (auto* view : std::initializer_list<ModelChartView*>{f.panel.speedupChart(), f.panel.stepTimeChart(),
                                                             f.panel.replaysChart(), f.panel.vramChart(),
                                                             f.panel.launchOverheadChart()}) {
        INFO(view->chart()->title().toStdString());
        CHECK(view->chart()->title().contains(QStringLiteral(" — resnet18")));
        for (auto* series : view->allSeries()) all << series->name();
    }
    REQUIRE_FALSE(all.isEmpty());
    for (const auto& name : all) {
        INFO(name.toStdString());
        CHECK_FALSE(name.contains(QStringLiteral("resnet18")));
    }
    // The step-time chart: the eager and graphed lines of each training scope read apart.
    const auto names = namesIn(f.panel.stepTimeChart()->trainingPanel());
    CHECK(names.contains(QStringLiteral("amp-fp16 · train (network scope) · eager")));
    CHECK(names.contains(QStringLiteral("amp-fp16 · train (network scope) · graphed")));
    CHECK(names.contains(QStringLiteral("amp-fp16 · train (step scope) · graphed")));
    CHECK(QSet<QString>(names.begin(), names.end()).size() == names.size());
}

TEST_CASE("small multiples: one quantity per panel on the same batch range, step time per phase",
          "[ui][chart][panels]") {
    Panel f("resnet18-h200-infer-train-session.json");
    const auto oneValueAxis = [](QChart* panel) {
        CHECK(panel->axes(Qt::Vertical).size() == 1);
        CHECK(panel->axes(Qt::Horizontal).size() == 1);
    };
    auto* launch = f.panel.launchOverheadChart();
    REQUIRE(launch->panels().size() == 3);
    for (auto* panel : launch->panels()) oneValueAxis(panel);
    CHECK(launch->panel(0)->axes(Qt::Vertical).front()->titleText().contains(QStringLiteral("Launches")));
    CHECK(launch->panel(1)->axes(Qt::Vertical).front()->titleText().contains(QStringLiteral("µs")));
    CHECK(launch->panel(2)->axes(Qt::Vertical).front()->titleText().contains(QStringLiteral("%")));

    auto* replays = f.panel.replaysChart();
    REQUIRE(replays->panels() == QList<QChart*>{replays->countsPanel(), replays->capturePanel()});
    for (auto* panel : replays->panels()) oneValueAxis(panel);
    for (auto* series : replays->capturePanel()->series()) CHECK(series->name().endsWith(QStringLiteral("capture time")));

    auto* vram = f.panel.vramChart();
    REQUIRE(vram->panels() == QList<QChart*>{vram->peaksPanel(), vram->deltaPanel(), vram->poolPanel()});
    for (auto* panel : vram->panels()) oneValueAxis(panel);

    // Step time: the inference gap on its own axis, not squashed under training's scale.
    auto* stepTime = f.panel.stepTimeChart();
    REQUIRE(stepTime->panels() == QList<QChart*>{stepTime->inferencePanel(), stepTime->trainingPanel()});
    auto* inferenceAxis = qobject_cast<QValueAxis*>(stepTime->inferencePanel()->axes(Qt::Vertical).front());
    auto* trainingAxis = qobject_cast<QValueAxis*>(stepTime->trainingPanel()->axes(Qt::Vertical).front());
    REQUIRE(inferenceAxis);
    REQUIRE(trainingAxis);
    CHECK(inferenceAxis->max() < trainingAxis->max());
    for (auto* series : stepTime->inferencePanel()->series()) CHECK(series->name().contains(QStringLiteral("infer")));
    for (auto* series : stepTime->trainingPanel()->series()) CHECK(series->name().contains(QStringLiteral("train")));

    // The batch range is the same in every panel of a view.
    for (auto* view : std::initializer_list<ModelChartView*>{launch, replays, vram, stepTime}) {
        const auto x0 = view->panels().front()->axes(Qt::Horizontal).front();
        for (auto* panel : view->panels()) {
            const auto x = panel->axes(Qt::Horizontal).front();
            CHECK(x->property("min") == x0->property("min"));
            CHECK(x->property("max") == x0->property("max"));
        }
    }

    // An inference-only session shows no training panel.
    Panel inference("resnet18-h200-session.json");
    CHECK(inference.panel.stepTimeChart()->panels() == QList<QChart*>{inference.panel.stepTimeChart()->inferencePanel()});
}
