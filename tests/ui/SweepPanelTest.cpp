// The sweep panel's model box: a family name goes to plan.family, a TorchScript file to plan.model.
#include "ui/run/FamilyCatalog.h"
#include "ui/run/SweepPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QToolButton>
#include <catch2/catch.hpp>

using graphlens::ui::SweepPanel;

TEST_CASE("a path or a model file name in the model box is a model, anything else a family", "[ui][sweep]") {
    CHECK(SweepPanel::isModelPath(QStringLiteral("/models/regnet.pt")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("regnet_y_400mf.pt")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("C:\\models\\net")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("yolo.TorchScript")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("resnet18.pt2")));  // an AOTInductor package
    CHECK_FALSE(SweepPanel::isModelPath(QStringLiteral("resnet18")));
    CHECK_FALSE(SweepPanel::isModelPath(QStringLiteral("efficientnet-b0")));

    SweepPanel panel;
    auto* box = panel.findChild<QComboBox*>();
    REQUIRE(box != nullptr);
    REQUIRE(box->isEditable());
    box->setEditText(QStringLiteral("/models/regnet.pt"));
    auto plan = panel.plan();
    CHECK(plan.model == "/models/regnet.pt");
    CHECK(plan.family.empty());
    CHECK(panel.inputError().isEmpty());

    box->setEditText(QStringLiteral("mobilenetv3-s"));
    plan = panel.plan();
    CHECK(plan.model.empty());
    CHECK(plan.family == "mobilenetv3-s");

    // A plan read back (e.g. from a session file) shows its model in the same box.
    auto withModel = plan;
    withModel.model = "/data/net.pt";
    withModel.family.clear();
    panel.setPlan(withModel);
    CHECK(box->currentText() == QStringLiteral("/data/net.pt"));
    CHECK(panel.plan().model == "/data/net.pt");
}

TEST_CASE("the panel's plan carries memory formats, scope, repeats, graph mode and jit", "[ui][sweep]") {
    SweepPanel panel;
    auto* nchw = panel.findChild<QCheckBox*>(QStringLiteral("formatNchw"));
    auto* channelsLast = panel.findChild<QCheckBox*>(QStringLiteral("formatChannelsLast"));
    auto* scope = panel.findChild<QComboBox*>(QStringLiteral("scope"));
    auto* repeats = panel.findChild<QSpinBox*>(QStringLiteral("repeats"));
    auto* graph = panel.findChild<QComboBox*>(QStringLiteral("graph"));
    auto* jit = panel.findChild<QComboBox*>(QStringLiteral("jit"));
    auto* model = panel.findChild<QComboBox*>(QStringLiteral("model"));
    REQUIRE((nchw && channelsLast && scope && repeats && graph && jit && model));
    CHECK(repeats->minimum() == 1);
    CHECK(repeats->maximum() == 50);

    nchw->setChecked(true);
    channelsLast->setChecked(true);
    scope->setCurrentText(QStringLiteral("network"));
    repeats->setValue(7);
    graph->setCurrentText(QStringLiteral("auto"));
    auto plan = panel.plan();
    CHECK(plan.memoryFormats == std::vector<std::string>{"nchw", "channels_last"});
    CHECK(plan.scope == "network");
    CHECK(plan.repeats == 7);
    CHECK(plan.graph == "auto");
    CHECK(panel.inputError().isEmpty());
    // The JSON the worker gets has the same keys.
    const auto json = graphlens::results::toJson(plan);
    CHECK(graphlens::results::sweepPlanFromJson(json, "panel").memoryFormats == plan.memoryFormats);

    // JIT is meaningful only for a TorchScript file.
    model->setEditText(QStringLiteral("resnet18"));
    CHECK_FALSE(jit->isEnabled());
    model->setEditText(QStringLiteral("/models/net.pt"));
    CHECK(jit->isEnabled());
    jit->setCurrentText(QStringLiteral("off"));
    CHECK(panel.plan().jit == "off");

    // No memory format: flagged next to the formats, Start disabled; a read-back plan restores them.
    nchw->setChecked(false);
    channelsLast->setChecked(false);
    CHECK_FALSE(panel.fieldError(QStringLiteral("formats")).isEmpty());
    CHECK_FALSE(panel.inputError().isEmpty());
    auto restored = plan;
    restored.memoryFormats = {"channels_last"};
    panel.setPlan(restored);
    CHECK(channelsLast->isChecked());
    CHECK_FALSE(nchw->isChecked());
    CHECK(panel.fieldError(QStringLiteral("formats")).isEmpty());
    CHECK(panel.inputError().isEmpty());
}

TEST_CASE("the panel's last plan persists in its settings and a stale one falls back to the preset", "[ui][sweep][settings]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings settings(dir.filePath(QStringLiteral("graphlens.ini")), QSettings::IniFormat);
    const auto preset = SweepPanel::defaultPlan();

    {
        SweepPanel panel(nullptr, &settings);  // nothing saved yet: the preset
        CHECK(panel.plan().batches == preset.batches);
        CHECK(panel.plan().family == preset.family);
        panel.findChild<QComboBox*>(QStringLiteral("model"))->setEditText(QStringLiteral("mobilenetv3-s"));
        panel.findChild<QLineEdit*>(QStringLiteral("batches"))->setText(QStringLiteral("2,4"));
        panel.findChild<QComboBox*>(QStringLiteral("precision"))->setCurrentText(QStringLiteral("fp32"));
        panel.findChild<QComboBox*>(QStringLiteral("scope"))->setCurrentText(QStringLiteral("network"));
        panel.findChild<QSpinBox*>(QStringLiteral("steps"))->setValue(40);
        panel.findChild<QCheckBox*>(QStringLiteral("formatChannelsLast"))->setChecked(true);
        REQUIRE(panel.inputError().isEmpty());
        QSignalSpy started(&panel, &SweepPanel::startRequested);
        panel.requestStart();  // a run starting saves the plan
        CHECK(started.count() == 1);
        CHECK(settings.contains(SweepPanel::settingsKey()));
    }
    {
        SweepPanel restored(nullptr, &settings);
        const auto plan = restored.plan();
        CHECK(plan.family == "mobilenetv3-s");
        CHECK(plan.batches == std::vector<int>{2, 4});
        CHECK(plan.precision == "fp32");
        CHECK(plan.scope == "network");
        CHECK(plan.steps == 40);
        CHECK(plan.memoryFormats == std::vector<std::string>{"nchw", "channels_last"});
        CHECK(restored.findChild<QComboBox*>(QStringLiteral("model"))->currentText() == QStringLiteral("mobilenetv3-s"));

        // The engine no longer offers that family: back to the preset's, with a word why.
        auto* catalog = restored.findChild<graphlens::ui::FamilyCatalog*>();
        REQUIRE(catalog != nullptr);
        graphlens::ui::FamilyEntry resnet;
        resnet.name = QStringLiteral("resnet18");
        emit catalog->loaded({resnet});
        CHECK(restored.plan().family == preset.family);
        CHECK(restored.plan().batches == std::vector<int>{2, 4});  // the rest is kept
    }

    // A panel without settings neither reads nor writes them.
    {
        SweepPanel plain;
        CHECK(plain.plan().batches == preset.batches);
    }

    // Values that no longer validate (or do not parse) give the preset, no crash.
    for (const auto& stale : {QStringLiteral("{not json"), QStringLiteral("[1,2]"),
                              QStringLiteral(R"({"family":"resnet18","precision":"fp8"})"),
                              QStringLiteral(R"({"family":"resnet18","batches":[0]})"),
                              QStringLiteral(R"({"batches":"eight"})")}) {
        settings.setValue(SweepPanel::settingsKey(), stale);
        SweepPanel panel(nullptr, &settings);
        INFO(stale.toStdString());
        CHECK(panel.plan().precision == preset.precision);
        CHECK(panel.plan().batches == preset.batches);
        CHECK(panel.inputError().isEmpty());
    }
}

TEST_CASE("the profiling switch and the batch presets reach the plan", "[ui][sweep]") {
    SweepPanel panel;
    auto* profile = panel.findChild<QCheckBox*>(QStringLiteral("profile"));
    auto* presets = panel.findChild<QToolButton*>(QStringLiteral("batchPresets"));
    REQUIRE((profile && presets && presets->menu()));
    CHECK(profile->isChecked() == panel.plan().profile);
    profile->setChecked(false);
    CHECK_FALSE(panel.plan().profile);
    auto plan = panel.plan();
    plan.profile = true;
    panel.setPlan(plan);
    CHECK(profile->isChecked());

    QAction* wide = nullptr;
    for (auto* action : presets->menu()->actions()) {
        if (action->text() == QStringLiteral("1,2,4,8,16,32")) wide = action;
    }
    REQUIRE(wide);
    wide->trigger();
    CHECK(panel.plan().batches == std::vector<int>{1, 2, 4, 8, 16, 32});
    CHECK(panel.inputError().isEmpty());
}
