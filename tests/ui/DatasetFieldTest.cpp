// The sweep panel's dataset field: a chosen dataset is checked by the engine (here a stand-in
// script answering `data-check --json` as graphlens-cli does) before Start is allowed, a broken one
// is flagged at the field with the engine's message, and the plan carries the dataset.
#include "ui/run/DatasetCheck.h"
#include "ui/run/SweepPanel.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using graphlens::ui::DatasetCheck;
using graphlens::ui::SweepPanel;

namespace {

// An engine that lists one detect family and answers every data-check with `answer`.
QString fakeEngine(const QTemporaryDir& dir, const QString& answer, int exitCode) {
    const QString path = dir.filePath(QStringLiteral("engine.sh"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("#!/bin/sh\n"
                              "if [ \"$1\" = list ]; then echo '[{\"name\":\"yolo-t\",\"task\":\"detect\"},"
                              "{\"name\":\"resnet18\",\"task\":\"classify\"}]'; exit 0; fi\n"
                              "echo '%1'\nexit %2\n")
                   .arg(answer)
                   .arg(exitCode)
                   .toUtf8());
    file.close();
    file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    return path;
}

QPushButton* startButton(SweepPanel& panel) {
    for (auto* button : panel.findChildren<QPushButton*>()) {
        if (button->text() == QStringLiteral("Start sweep")) return button;
    }
    return nullptr;
}

void chooseData(SweepPanel& panel, const QString& data) {
    auto* field = panel.findChild<QLineEdit*>(QStringLiteral("data"));
    REQUIRE(field);
    field->setText(data);
    emit field->editingFinished();
}

}  // namespace

TEST_CASE("data-check answers parse into an outcome, and junk is an error", "[ui][sweep][data]") {
    const auto good = DatasetCheck::parse(R"({"ok":true,"task":"detect","classes":2,"summary":"data.yaml: detect","warnings":["a.png skipped"]})");
    CHECK(good.ok);
    CHECK(good.task == QStringLiteral("detect"));
    CHECK(good.classes == 2);
    CHECK(good.warnings == QStringList{QStringLiteral("a.png skipped")});
    const auto bad = DatasetCheck::parse(R"({"ok":false,"error":"labels/a.txt:2: cy 'abc' is not a number"})");
    CHECK_FALSE(bad.ok);
    CHECK(bad.error.contains(QStringLiteral("a.txt:2")));
    CHECK_FALSE(DatasetCheck::parse("not json").ok);
}

TEST_CASE("a broken dataset is flagged at the field and keeps Start disabled, a good one is summarised", "[ui][sweep][data]") {
    QTemporaryDir dir;
    SweepPanel panel;
    panel.show();
    SECTION("broken") {
        // (no single quotes in the answer: the stand-in echoes it in a single-quoted shell string)
        panel.loadFamilies(fakeEngine(dir, QStringLiteral(R"({"ok":false,"error":"/d/labels/a.txt:2: cy x is not a number"})"), 2));
        chooseData(panel, QStringLiteral("/d/data.yaml"));
        CHECK_FALSE(startButton(panel)->isEnabled());  // while the engine checks
        REQUIRE(QTest::qWaitFor([&] { return !panel.fieldError(QStringLiteral("data")).isEmpty(); }, 5000));
        CAPTURE(panel.fieldError(QStringLiteral("data")).toStdString());
        CHECK(panel.fieldError(QStringLiteral("data")).contains(QStringLiteral("a.txt:2: cy x is not a number")));
        CHECK_FALSE(startButton(panel)->isEnabled());
        // Back to the built-in dataset: nothing to check, Start comes back.
        chooseData(panel, QString());
        CHECK(panel.fieldError(QStringLiteral("data")).isEmpty());
        CHECK(startButton(panel)->isEnabled());
    }
    SECTION("good, and the model's task must match it") {
        panel.loadFamilies(fakeEngine(
            dir, QStringLiteral(R"({"ok":true,"task":"detect","classes":2,"summary":"data.yaml: detect, 2 classes","warnings":[]})"), 0));
        auto* model = panel.findChild<QComboBox*>(QStringLiteral("model"));
        REQUIRE(model);
        REQUIRE(QTest::qWaitFor([&] { return model->count() == 2; }, 5000));
        auto plan = panel.plan();
        plan.family = "yolo-t";
        plan.data = "/d/data.yaml";
        panel.setPlan(plan);
        REQUIRE(QTest::qWaitFor([&] { return startButton(panel)->isEnabled(); }, 5000));
        CHECK(panel.findChild<QLabel*>(QStringLiteral("dataStatus"))->text().contains(QStringLiteral("2 classes")));
        CHECK(panel.plan().data == "/d/data.yaml");
        plan.family = "resnet18";  // a classifier on a detection dataset
        panel.setPlan(plan);
        REQUIRE(QTest::qWaitFor([&] { return !panel.fieldError(QStringLiteral("data")).isEmpty(); }, 5000));
        CHECK(panel.fieldError(QStringLiteral("data")).contains(QStringLiteral("resnet18 is a classify model")));
        CHECK_FALSE(startButton(panel)->isEnabled());
    }
}
