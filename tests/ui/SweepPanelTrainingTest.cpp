// The sweep panel's training inputs: phases, training graph scopes and optimizer go into the plan
// the worker gets, and amp-bf16 with inference is flagged in place with the engine's own rule.
#include "results/SweepPlan.h"
#include "ui/run/SweepPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using graphlens::ui::SweepPanel;
namespace results = graphlens::results;

namespace {

template <typename T>
T* child(const SweepPanel& panel, const char* name) {
    auto* widget = panel.findChild<T*>(QLatin1String(name));
    INFO(name);
    REQUIRE(widget != nullptr);
    return widget;
}

QPushButton* startButton(const SweepPanel& panel) {
    for (auto* button : panel.findChildren<QPushButton*>()) {
        if (button->text() == SweepPanel::tr("Start sweep")) return button;
    }
    FAIL("no Start button");
    return nullptr;
}

// The plan startRequested carries, i.e. what MainWindow hands the worker; nullopt when not emitted.
std::optional<results::SweepPlan> startedPlan(SweepPanel& panel) {
    std::optional<results::SweepPlan> started;
    const auto connection = QObject::connect(&panel, &SweepPanel::startRequested,
                                             [&](const results::SweepPlan& plan) { started = plan; });
    panel.requestStart();
    QObject::disconnect(connection);
    return started;
}

}  // namespace

TEST_CASE("the panel writes phases, training graph scopes and optimizer into the worker's plan", "[ui][sweep][training]") {
    SweepPanel panel;
    auto* infer = child<QCheckBox>(panel, "phaseInfer");
    auto* train = child<QCheckBox>(panel, "phaseTrain");
    auto* network = child<QCheckBox>(panel, "graphScopeNetwork");
    auto* step = child<QCheckBox>(panel, "graphScopeStep");
    auto* optimizer = child<QComboBox>(panel, "optimizer");
    auto* precision = child<QComboBox>(panel, "precision");
    QStringList precisions;
    for (int i = 0; i < precision->count(); ++i) precisions << precision->itemText(i);
    CHECK(precisions == QStringList{QStringLiteral("fp32"), QStringLiteral("fp16"), QStringLiteral("amp-fp16"),
                                    QStringLiteral("amp-bf16")});

    // The preset: inference only; the training inputs are kept but greyed out.
    CHECK(infer->isChecked());
    CHECK_FALSE(train->isChecked());
    CHECK_FALSE(optimizer->isEnabled());
    CHECK(child<QComboBox>(panel, "scope")->isEnabled());

    train->setChecked(true);
    step->setChecked(true);
    network->setChecked(false);
    optimizer->setCurrentText(QStringLiteral("adamw"));
    CHECK(optimizer->isEnabled());
    REQUIRE(panel.inputError().isEmpty());
    auto started = startedPlan(panel);
    REQUIRE(started);
    CHECK(started->phases == std::vector<std::string>{"infer", "train"});
    CHECK(started->graphScopes == std::vector<std::string>{"step"});
    CHECK(started->optimizer == "adamw");
    // Under the JSON keys the worker reads.
    const auto json = results::toJson(*started);
    CHECK(json.at("phases") == nlohmann::json::array({"infer", "train"}));
    CHECK(json.at("graph_scopes") == nlohmann::json::array({"step"}));
    CHECK(json.at("optimizer") == "adamw");

    // Training only: the inference inputs grey out and the plan has one phase.
    infer->setChecked(false);
    CHECK_FALSE(child<QComboBox>(panel, "scope")->isEnabled());
    CHECK_FALSE(child<QComboBox>(panel, "graph")->isEnabled());
    CHECK(panel.plan().phases == std::vector<std::string>{"train"});

    // Nothing checked is flagged at its own field, with the engine's message.
    train->setChecked(false);
    CHECK_FALSE(panel.fieldError(QStringLiteral("phases")).isEmpty());
    CHECK_FALSE(startButton(panel)->isEnabled());
    train->setChecked(true);
    step->setChecked(false);
    CHECK(panel.fieldError(QStringLiteral("phases")).isEmpty());
    CHECK(panel.fieldError(QStringLiteral("graphScopes")).toStdString() ==
          results::validateSweepPlan(panel.plan()));
    CHECK_FALSE(startedPlan(panel));
    network->setChecked(true);
    CHECK(panel.inputError().isEmpty());
    CHECK(startButton(panel)->isEnabled());
}

TEST_CASE("amp-bf16 with inference is flagged at the precision field and Start is disabled", "[ui][sweep][training]") {
    SweepPanel panel;
    auto* infer = child<QCheckBox>(panel, "phaseInfer");
    auto* train = child<QCheckBox>(panel, "phaseTrain");
    auto* precision = child<QComboBox>(panel, "precision");
    train->setChecked(true);
    precision->setCurrentText(QStringLiteral("amp-bf16"));

    // Inference and training: the rule validateSweepPlan states, next to Precision.
    const auto expected = results::validateSweepPlan(panel.plan());
    REQUIRE_FALSE(expected.empty());
    CHECK(panel.fieldError(QStringLiteral("precision")).toStdString() == expected);
    CHECK(child<QLabel>(panel, "precisionError")->isVisibleTo(&panel));
    CHECK(panel.inputError().toStdString() == expected);
    CHECK_FALSE(startButton(panel)->isEnabled());
    CHECK_FALSE(startedPlan(panel));

    // Training only: amp-bf16 is fine.
    infer->setChecked(false);
    CHECK(panel.fieldError(QStringLiteral("precision")).isEmpty());
    CHECK(startButton(panel)->isEnabled());
    auto started = startedPlan(panel);
    REQUIRE(started);
    CHECK(started->precision == "amp-bf16");
    CHECK(started->phases == std::vector<std::string>{"train"});

    // Back to inference alone: flagged again.
    infer->setChecked(true);
    train->setChecked(false);
    CHECK_FALSE(panel.fieldError(QStringLiteral("precision")).isEmpty());
    CHECK_FALSE(startButton(panel)->isEnabled());
}

TEST_CASE("phases, training graph scopes and optimizer persist in the panel's settings", "[ui][sweep][settings][training]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings settings(dir.filePath(QStringLiteral("graphlens.ini")), QSettings::IniFormat);
    {
        SweepPanel panel(nullptr, &settings);
        child<QCheckBox>(panel, "phaseInfer")->setChecked(false);
        child<QCheckBox>(panel, "phaseTrain")->setChecked(true);
        child<QCheckBox>(panel, "graphScopeStep")->setChecked(false);
        child<QComboBox>(panel, "optimizer")->setCurrentText(QStringLiteral("adamw"));
        child<QComboBox>(panel, "precision")->setCurrentText(QStringLiteral("amp-bf16"));
        REQUIRE(panel.inputError().isEmpty());
        REQUIRE(startedPlan(panel));  // a run starting saves the plan
    }
    SweepPanel restored(nullptr, &settings);
    const auto plan = restored.plan();
    CHECK(plan.phases == std::vector<std::string>{"train"});
    CHECK(plan.graphScopes == std::vector<std::string>{"network"});
    CHECK(plan.optimizer == "adamw");
    CHECK(plan.precision == "amp-bf16");
    CHECK_FALSE(child<QCheckBox>(restored, "phaseInfer")->isChecked());
    CHECK(child<QCheckBox>(restored, "graphScopeNetwork")->isChecked());
    CHECK_FALSE(child<QCheckBox>(restored, "graphScopeStep")->isChecked());
    CHECK(restored.inputError().isEmpty());
}
