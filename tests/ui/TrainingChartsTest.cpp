// Every chart view over training rows of both graph scopes at one batch: the scopes are separate
// curves (or bars), labelled "… · train (network scope)" / "… · train (step scope)". Rows are
// built in TestRows (synthetic figures), not measured.
#include "TestRows.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/charts/VramChartView.h"
#include "ui/models/MeasurementTableModel.h"

#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

// Named by what differs between the series (SeriesNaming): family and precision are in the title.
const QString kNetwork = QStringLiteral("train (network scope)");
const QString kStep = QStringLiteral("train (step scope)");

// The one line series of that name, with its points; fails when there is none or several.
QList<QPointF> pointsOf(QChart* chart, const QString& name) {
    QList<QLineSeries*> found;
    for (auto* series : chart->series()) {
        auto* line = qobject_cast<QLineSeries*>(series);
        if (line && line->name() == name) found << line;
    }
    INFO("series " << name.toStdString());
    REQUIRE(found.size() == 1);
    return found.front()->points();
}

struct TrainingPanel {
    std::vector<results::Measurement> rows = twoScopeTraining();
    MeasurementTableModel model;
    ChartsPanel panel;
    TrainingPanel() {
        model.resetData(rows);
        panel.setModel(&model);
    }
};

}  // namespace

TEST_CASE("speedup and step-time charts draw one curve per training graph scope", "[ui][chart][training]") {
    TrainingPanel f;
    auto* speedup = f.panel.speedupChart();
    REQUIRE(speedup->curves().size() == 2);
    const auto network = pointsOf(speedup->chart(), kNetwork);
    const auto step = pointsOf(speedup->chart(), kStep);
    REQUIRE(network.size() == 1);
    REQUIRE(step.size() == 1);
    CHECK(network[0] == QPointF(8, *f.rows[1].speedup));
    CHECK(step[0] == QPointF(8, *f.rows[3].speedup));

    CHECK(speedup->chart()->title().endsWith(QStringLiteral(" — resnet18 · amp-fp16 · nchw")));

    auto* stepTime = f.panel.stepTimeChart()->trainingPanel();
    CHECK(pointsOf(stepTime, kStep + QStringLiteral(" · graphed")) ==
          QList<QPointF>{QPointF(8, *f.rows[3].step_ms_median)});
    CHECK(pointsOf(stepTime, kNetwork + QStringLiteral(" · eager")) ==
          QList<QPointF>{QPointF(8, *f.rows[0].step_ms_median)});
}

TEST_CASE("replays, VRAM and launch overhead charts keep training graph scopes apart", "[ui][chart][training]") {
    TrainingPanel f;
    const QString sep = QStringLiteral(" · ");
    auto* replays = f.panel.replaysChart()->countsPanel();
    CHECK(pointsOf(replays, kNetwork + sep + QStringLiteral("graph replays")) == QList<QPointF>{QPointF(8, 90)});
    CHECK(pointsOf(replays, kStep + sep + QStringLiteral("graph replays")) == QList<QPointF>{QPointF(8, 91)});

    auto* vram = f.panel.vramChart()->deltaPanel();
    const QString delta = QStringLiteral("graphed");  // the delta panel's graphed-arm figure
    CHECK(pointsOf(vram, kNetwork + sep + delta) == QList<QPointF>{QPointF(8, 64)});
    CHECK(pointsOf(vram, kStep + sep + delta) == QList<QPointF>{QPointF(8, 96)});

    auto* launch = f.panel.launchOverheadChart()->panel(0);  // launches
    CHECK(pointsOf(launch, kNetwork + sep + QStringLiteral("graphed")) == QList<QPointF>{QPointF(8, 4)});
    CHECK(pointsOf(launch, kStep + sep + QStringLiteral("graphed")) == QList<QPointF>{QPointF(8, 1)});
}

TEST_CASE("phases chart shows the training phases per graph scope, the step-scope replay as one segment",
          "[ui][chart][training]") {
    TrainingPanel f;
    auto* view = f.panel.phasesChart();
    CHECK(view->phases() ==
          std::vector<std::string>{"data_ms", "forward_ms", "loss_ms", "backward_ms", "optimizer_ms", "replay_ms"});
    // Only what tells the bars apart: the family and precision are the same for all of them.
    CHECK(view->categories() == QStringList{QStringLiteral("train net b8 eager"), QStringLiteral("train net b8 graphed"),
                                            QStringLiteral("train step b8 eager"), QStringLiteral("train step b8 graphed")});
    CHECK(view->bars()[3].oneReplay);
    REQUIRE(view->bars().size() == 4);
    const auto& networkGraphed = view->bars()[1];
    CHECK_FALSE(networkGraphed.oneReplay);
    CHECK(networkGraphed.phaseMs[1] == f.rows[1].forward_ms);
    CHECK(networkGraphed.phaseMs[3] == f.rows[1].backward_ms);
    CHECK(networkGraphed.phaseMs[4] == f.rows[1].optimizer_ms);
    const auto& stepGraphed = view->bars()[3];
    CHECK(stepGraphed.oneReplay);
    CHECK(stepGraphed.phaseMs[0] == f.rows[3].data_ms);
    // Its bar is as tall as the step it measures: data, then the replay, nothing in between.
    CHECK(stepGraphed.phaseMs[5] == f.rows[3].replay_ms);
    for (size_t i = 1; i < 5; ++i) CHECK_FALSE(stepGraphed.phaseMs[i].has_value());
    CHECK_FALSE(networkGraphed.phaseMs[5].has_value());

    // The bar sets hold the same figures the stacked chart draws (loss of the step-scope eager bar).
    QStackedBarSeries* stacked = nullptr;
    for (auto* series : view->chart()->series()) {
        if (auto* s = qobject_cast<QStackedBarSeries*>(series)) stacked = s;
    }
    REQUIRE(stacked);
    REQUIRE(stacked->count() == 6);
    CHECK(stacked->barSets()[2]->at(2) == *f.rows[2].loss_ms);
    CHECK(stacked->barSets()[2]->at(3) == 0.0);  // not measured apart: inside the replay
    CHECK(stacked->barSets()[5]->at(3) == *f.rows[3].replay_ms);
    CHECK(stacked->barSets()[5]->label().startsWith(QStringLiteral("one graph replay")));
}
