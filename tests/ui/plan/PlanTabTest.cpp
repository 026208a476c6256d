// The Plan tab over a session built in the test (synthetic rows, PlanTestSession.h): what it shows is
// what core/planning computes for the same rows, mix, budget and objective, computed here too; its
// messages when there is no mix, no costs, no graph within the budget, or a mix it cannot plan.
#include "PlanTestSession.h"
#include "TestRows.h"
#include "planning/CapturePlanner.h"
#include "planning/CostTable.h"
#include "planning/RequestMix.h"
#include "planning/ShapeCosts.h"
#include "ui/plan/BaselineTableModel.h"
#include "ui/plan/PlanCurveChart.h"
#include "ui/plan/PlanFiguresForm.h"
#include "ui/plan/PlanOutcome.h"
#include "ui/plan/PlanTab.h"
#include "ui/plan/SessionCosts.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSlider>
#include <QTemporaryDir>
#include <QValueAxis>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

struct PlanFixture {
    QTemporaryDir dir;
    std::vector<results::Measurement> rows = syntheticPlanRows();
    nlohmann::json environment = nlohmann::json::object();
    PlanTab tab;
    QString mixPath;

    explicit PlanFixture(bool loadMix = true) {
        tab.setSessionSource([this]() -> const std::vector<results::Measurement>& { return rows; },
                             [this]() -> const nlohmann::json& { return environment; });
        mixPath = writeMix(dir.path(), QStringLiteral("mix.txt"), syntheticMixText());
        if (loadMix) REQUIRE(tab.loadMix(mixPath));
    }

    // What core/planning plans for the same input, computed without the tab.
    planning::CapturePlan expected(double budget, planning::Objective objective) const {
        auto costs = planning::costsFromSession(rows, environment, {});
        auto mix = planning::readRequestMix(mixPath.toStdString());
        planning::alignImageSizes(mix, costs);
        return planning::planCaptures(mix, planning::CostTable(costs), budget, objective);
    }

    QString field(PlanFiguresForm::Field which) const { return tab.figures()->field(which)->text(); }
};

QString describeAll(const std::vector<planning::RequestShape>& shapes) {
    QStringList names;
    for (const auto& shape : shapes) names << QString::fromStdString(planning::describe(shape));
    return names.join(QStringLiteral(", "));
}

// The figures form shows exactly `figures`, printed independently of the tab's own formatting code.
void checkFiguresShown(const PlanFixture& f, const planning::PlanFigures& figures) {
    REQUIRE(f.tab.figures()->showsFigures());
    CHECK(f.field(PlanFiguresForm::Captured) == describeAll(figures.captured));
    CHECK(f.field(PlanFiguresForm::Mean) == QString::number(figures.meanMs, 'f', 3) + QStringLiteral(" ms"));
    CHECK(f.field(PlanFiguresForm::P99) == QString::number(figures.p99Ms, 'f', 3) + QStringLiteral(" ms"));
    CHECK(f.field(PlanFiguresForm::Padding)
              .startsWith(QString::number(figures.paddingWastePct, 'f', 1) + QStringLiteral(" %")));
    CHECK(f.field(PlanFiguresForm::Eager) ==
          QString::number(figures.eagerRequestsPct, 'f', 1) + QStringLiteral(" %"));
    CHECK(f.field(PlanFiguresForm::Pool)
              .startsWith(QString::number(figures.poolMiB, 'f', 1) + QStringLiteral(" MiB")));
    CHECK(f.field(PlanFiguresForm::Pool).contains(QStringLiteral("upper bound")) == figures.poolIsUpperBound);
    CHECK(f.field(PlanFiguresForm::CaptureTime) ==
          QString::number(figures.captureMs, 'f', 3) + QStringLiteral(" ms"));
}

}  // namespace

TEST_CASE("the Plan tab shows the plan planCaptures makes for the session's rows and the mix", "[ui][plan]") {
    PlanFixture f;
    REQUIRE(f.tab.showsPlan());
    CHECK(f.tab.mixLabel()->text() == QStringLiteral("mix.txt: 100 requests of 6 sizes"));
    CHECK(f.tab.budgetSlider()->isEnabled());
    const int budget = f.tab.budgetMiB();
    CHECK(budget > 0);
    CHECK(f.tab.budgetLabel()->text() == QStringLiteral("%1 MiB").arg(budget));
    const auto expected = f.expected(budget, planning::Objective::Mean);
    REQUIRE(f.tab.outcome().plan);
    CHECK(f.tab.outcome().plan->chosen.captured == expected.chosen.captured);
    checkFiguresShown(f, expected.chosen);
    // The slider runs to a little above the pool of every measured size and of the curve's last point.
    const auto& every = expected.baselines[1];
    REQUIRE(every.name == "every measured size");
    CHECK(f.tab.budgetSlider()->maximum() >= every.figures.poolMiB);
    CHECK(f.tab.budgetSlider()->maximum() >= expected.curve.back().poolMiB);
    CHECK(f.tab.budgetSlider()->minimum() == 0);

    // The baselines, as planned.
    auto* baselines = f.tab.baselineModel();
    REQUIRE(baselines->rowCount() == int(expected.baselines.size()));
    for (int row = 0; row < baselines->rowCount(); ++row) {
        const auto& baseline = expected.baselines[size_t(row)];
        INFO(baseline.name);
        const auto text = [&](int column) { return baselines->index(row, column).data().toString(); };
        CHECK(text(BaselineTableModel::Name) == QString::fromStdString(baseline.name));
        CHECK(text(BaselineTableModel::Captured) == (baseline.figures.captured.empty()
                                                         ? QStringLiteral("none")
                                                         : describeAll(baseline.figures.captured)));
        CHECK(text(BaselineTableModel::Mean) ==
              QString::number(baseline.figures.meanMs, 'f', 3) + QStringLiteral(" ms"));
        CHECK(text(BaselineTableModel::Fits) ==
              (baseline.fitsBudget ? QStringLiteral("yes") : QStringLiteral("no")));
    }

    // The curve as a step line, the budget as a vertical line, the chosen plan as its point.
    auto* chart = f.tab.chart();
    REQUIRE(chart->frontSeries()->count() == int(2 * expected.curve.size()));
    for (size_t i = 0; i < expected.curve.size(); ++i) {
        CHECK(chart->frontSeries()->at(int(2 * i)) ==
              QPointF(expected.curve[i].poolMiB, expected.curve[i].meanMs));
    }
    REQUIRE(chart->budgetSeries()->count() == 2);
    CHECK(chart->budgetSeries()->at(0).x() == budget);
    CHECK(chart->budgetSeries()->at(1).x() == budget);
    REQUIRE(chart->chosenSeries()->isVisible());
    REQUIRE(chart->chosenSeries()->count() == 1);
    CHECK(chart->chosenSeries()->at(0) == QPointF(expected.chosen.poolMiB, expected.chosen.meanMs));
    CHECK(chart->chart()->title() == QStringLiteral("Expected mean latency vs VRAM budget"));
    CHECK(chart->poolAxis()->titleText().contains(QStringLiteral("MiB")));
    CHECK(chart->latencyAxis()->titleText().contains(QStringLiteral("ms")));

    // The notes and the honest captions.
    for (const auto& note : expected.notes)
        CHECK(f.tab.notesLabel()->text().contains(QString::fromStdString(note)));
    const QString caption = f.tab.costsCaption()->text();
    CHECK(caption.contains(QStringLiteral("timed medians")));
    CHECK(caption.contains(QStringLiteral("resnet18 · fp16")));
    CHECK(caption.contains(QStringLiteral("network scope")));
    CHECK(caption.contains(QStringLiteral("prediction")));
    CHECK(caption.contains(QStringLiteral("graphlens-cli replay-mix")));
}

TEST_CASE(
    "a budget below the smallest graph's pool says to serve the mix eagerly, and raising it captures more",
    "[ui][plan]") {
    PlanFixture f;
    auto* slider = f.tab.budgetSlider();
    slider->setValue(0);
    CHECK(f.tab.budgetMiB() == 0);
    CHECK(f.tab.budgetLabel()->text() == QStringLiteral("0 MiB"));
    REQUIRE(f.tab.showsPlan());  // the curve and the baselines stay; the figures give way to the message
    CHECK_FALSE(f.tab.figures()->showsFigures());
    QString expectedMessage;
    try {
        f.expected(0, planning::Objective::Mean);
    } catch (const planning::PlanError& error) {
        expectedMessage = QString::fromUtf8(error.what());
    }
    REQUIRE_FALSE(expectedMessage.isEmpty());
    const QString shown = f.tab.figures()->messageLabel()->text();
    CHECK(shown == expectedMessage);
    CHECK(shown.contains(QStringLiteral("no captured size fits")));
    CHECK(shown.contains(QStringLiteral("serve this mix eagerly")));
    CHECK(f.tab.figures()->messageLabel()->isVisibleTo(&f.tab));
    CHECK_FALSE(f.tab.chart()->chosenSeries()->isVisible());
    CHECK(f.tab.chart()->budgetSeries()->isVisible());
    CHECK(f.tab.chart()->frontSeries()->count() > 0);
    // Judged against this budget: only "no graphs" fits.
    auto* baselines = f.tab.baselineModel();
    REQUIRE(baselines->rowCount() == 4);
    CHECK(baselines->index(0, BaselineTableModel::Fits).data().toString() == QStringLiteral("yes"));
    CHECK(baselines->index(1, BaselineTableModel::Fits).data().toString() == QStringLiteral("no"));

    // The smallest graph's pool: batch 1 alone (23 MiB; batch 2 needs 26).
    slider->setValue(23);
    const auto small = f.expected(23, planning::Objective::Mean);
    REQUIRE(f.tab.outcome().plan);
    checkFiguresShown(f, small.chosen);
    CHECK(f.field(PlanFiguresForm::Captured) == QStringLiteral("1"));

    slider->setValue(slider->maximum());
    const auto large = f.expected(slider->maximum(), planning::Objective::Mean);
    checkFiguresShown(f, large.chosen);
    CHECK(large.chosen.captured != small.chosen.captured);
    CHECK(f.field(PlanFiguresForm::Captured) != QStringLiteral("1"));
}

TEST_CASE("the p99 objective plans for the tail", "[ui][plan]") {
    PlanFixture f;
    // A budget where the two objectives choose different sets (2% of requests at batch 32: above 1%).
    int differing = -1;
    for (int budget = 0; budget <= f.tab.budgetSlider()->maximum() && differing < 0; ++budget) {
        try {
            if (f.expected(budget, planning::Objective::Mean).chosen.captured !=
                f.expected(budget, planning::Objective::P99).chosen.captured) {
                differing = budget;
            }
        } catch (const planning::PlanError&) {
        }
    }
    REQUIRE(differing >= 0);
    f.tab.setBudgetMiB(differing);
    const auto mean = f.expected(differing, planning::Objective::Mean);
    checkFiguresShown(f, mean.chosen);
    f.tab.objectiveChooser()->setCurrentIndex(f.tab.objectiveChooser()->findData(QStringLiteral("p99")));
    CHECK(f.tab.objective() == planning::Objective::P99);
    CHECK(f.tab.budgetMiB() == differing);  // the budget stays
    const auto p99 = f.expected(differing, planning::Objective::P99);
    REQUIRE(f.tab.outcome().plan);
    CHECK(f.tab.outcome().plan->objective == planning::Objective::P99);
    checkFiguresShown(f, p99.chosen);
    CHECK(f.field(PlanFiguresForm::Captured) != describeAll(mean.chosen.captured));
    CHECK(f.tab.notesLabel()->text().contains(QStringLiteral("p99 objective")));
}

TEST_CASE("the Plan tab without a mix says how to write one", "[ui][plan]") {
    PlanFixture f(/*loadMix=*/false);
    CHECK_FALSE(f.tab.hasMix());
    CHECK_FALSE(f.tab.showsPlan());
    CHECK(f.tab.messageLabel()->text().contains(
        QStringLiteral("Load a request mix: one batch size per line, or 'size count' lines")));
    CHECK_FALSE(f.tab.budgetSlider()->isEnabled());
    CHECK(f.tab.mixLabel()->text() == QStringLiteral("no mix loaded"));
}

TEST_CASE("a session without timed inference rows shows why it cannot be planned from", "[ui][plan]") {
    PlanFixture f;
    f.rows = twoScopeTraining();  // synthetic training rows only
    f.tab.refresh();
    CHECK_FALSE(f.tab.showsPlan());
    std::string expected;
    try {
        planning::costsFromSession(f.rows, f.environment, {});
    } catch (const std::invalid_argument& error) {
        expected = error.what();
    }
    REQUIRE_FALSE(expected.empty());
    CHECK(f.tab.costs().error == expected);
    CHECK(f.tab.messageLabel()->text().contains(QString::fromStdString(expected)));
    CHECK_FALSE(f.tab.budgetSlider()->isEnabled());

    f.rows.clear();  // no rows at all, and no mix: the costs' message and the hint
    PlanTab empty;
    empty.setSessionSource([&]() -> const std::vector<results::Measurement>& { return f.rows; }, nullptr);
    CHECK(empty.messageLabel()->text().contains(QStringLiteral("no timed inference rows")));
    CHECK(empty.messageLabel()->text().contains(QStringLiteral("Load a request mix")));
}

TEST_CASE("a mix that cannot be read or planned is named, and the plan stays as it was", "[ui][plan]") {
    PlanFixture f;
    const auto before = f.tab.outcome().plan->chosen.captured;
    QString error;
    const QString bad = writeMix(f.dir.path(), QStringLiteral("bad.txt"), QStringLiteral("8\neight\n"));
    CHECK_FALSE(f.tab.loadMix(bad, &error));
    CHECK(error.contains(QStringLiteral("bad.txt")));
    CHECK(error.contains(QStringLiteral(":2:")));
    CHECK(f.tab.mixErrorLabel()->text() == error);
    CHECK_FALSE(f.tab.mixErrorLabel()->isHidden());
    CHECK(f.tab.showsPlan());
    CHECK(f.tab.outcome().plan->chosen.captured == before);
    CHECK(f.tab.mixLabel()->text().startsWith(QStringLiteral("mix.txt:")));

    // Batch 64 lies past the measured batches: no eager cost, a PlanError, shown in place of the plan.
    const QString beyond =
        writeMix(f.dir.path(), QStringLiteral("beyond.txt"), QStringLiteral("8 10\n64 1\n"));
    REQUIRE(f.tab.loadMix(beyond));
    CHECK(f.tab.mixErrorLabel()->isHidden());
    CHECK_FALSE(f.tab.showsPlan());
    CHECK(f.tab.messageLabel()->text().contains(QStringLiteral("No capture plan for this mix")));
    CHECK(f.tab.messageLabel()->text().contains(QStringLiteral("batch 64")));
    CHECK(f.tab.chart()->frontSeries()->count() == 0);
}

TEST_CASE("the family and precision are chosen when the session holds several", "[ui][plan]") {
    PlanFixture f;
    CHECK(f.tab.costsChooser()->isHidden());  // one pair: nothing to choose
    for (auto row : syntheticPlanRows("resnet50")) {
        row.step_ms_median = *row.step_ms_median * 2;  // a slower synthetic family
        f.rows.push_back(row);
    }
    f.tab.refresh();
    REQUIRE(f.tab.costsChooser()->count() == 2);
    CHECK_FALSE(f.tab.costsChooser()->isHidden());
    CHECK(f.tab.costs().used.family == "resnet18");  // the first, until another is chosen
    const double resnet18Mean = f.tab.outcome().plan->chosen.meanMs;
    f.tab.costsChooser()->setCurrentIndex(1);
    CHECK(f.tab.costsChooser()->currentText() == QStringLiteral("resnet50 · fp16"));
    CHECK(f.tab.costs().used.family == "resnet50");
    REQUIRE(f.tab.outcome().plan);
    CHECK(f.tab.outcome().plan->chosen.meanMs > resnet18Mean);
    CHECK(f.tab.costsCaption()->text().contains(QStringLiteral("resnet50 · fp16")));
    f.tab.refresh();  // the choice survives new rows
    CHECK(f.tab.costs().used.family == "resnet50");
}

TEST_CASE("pooled-capture increments in the environment make the pool a measurement, not an upper bound",
          "[ui][plan]") {
    PlanFixture f;
    f.tab.setBudgetMiB(f.tab.budgetSlider()->maximum());
    REQUIRE(f.tab.outcome().plan);
    REQUIRE(f.tab.outcome().plan->chosen.captured.size() > 1);
    CHECK(f.field(PlanFiguresForm::Pool).contains(QStringLiteral("upper bound")));
    f.environment = syntheticPooledEnvironment();
    f.tab.refresh();
    const auto expected = f.expected(f.tab.budgetMiB(), planning::Objective::Mean);
    CHECK_FALSE(expected.chosen.poolIsUpperBound);
    checkFiguresShown(f, expected.chosen);
    CHECK_FALSE(f.field(PlanFiguresForm::Pool).contains(QStringLiteral("upper bound")));
}
