// The sweep panel's model box: a family name goes to plan.family, a TorchScript file to plan.model.
#include "ui/SweepPanel.h"

#include <QComboBox>
#include <catch2/catch.hpp>

using graphlens::ui::SweepPanel;

TEST_CASE("a path or a TorchScript file name in the model box is a model, anything else a family", "[ui][sweep]") {
    CHECK(SweepPanel::isModelPath(QStringLiteral("/models/regnet.pt")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("regnet_y_400mf.pt")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("C:\\models\\net")));
    CHECK(SweepPanel::isModelPath(QStringLiteral("yolo.TorchScript")));
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
