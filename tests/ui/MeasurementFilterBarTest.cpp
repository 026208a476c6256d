// The filter bar above the results table: "all" plus the values present, growing as rows stream in,
// and each control setting the proxy's filter.
#include "TestRows.h"
#include "ui/models/MeasurementFilterBar.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QToolButton>
#include <catch2/catch.hpp>

using graphlens::ui::MeasurementFilterBar;
using graphlens::ui::MeasurementFilterModel;
using graphlens::ui::MeasurementTableModel;
using namespace graphlens::ui::test;

namespace {

QStringList items(const QComboBox* box) {
    QStringList texts;
    for (int i = 0; i < box->count(); ++i) texts << box->itemText(i);
    return texts;
}

}  // namespace

TEST_CASE("filter bar lists all and the values present, growing as rows stream in", "[ui][models]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&model);
    MeasurementFilterBar bar;
    bar.setFilterModel(&proxy);

    CHECK(items(bar.familyBox()) == QStringList({QStringLiteral("all"), QStringLiteral("resnet18")}));
    CHECK(items(bar.armBox()) == QStringList({QStringLiteral("all"), QStringLiteral("eager"), QStringLiteral("graphed")}));
    CHECK(items(bar.statusBox()) == QStringList({QStringLiteral("all"), QStringLiteral("ok")}));
    CHECK(bar.countLabel()->text() == QStringLiteral("6 rows"));

    auto yolo = graphedRow(16, 3.0, 1.4);
    yolo.family = "yolov8n";
    model.appendRow(yolo);
    for (const auto& row : twoScopeTraining()) model.appendRow(row);
    auto oom = graphedRow(256, 0, 0);
    oom.family = "efficientnet_b0";
    oom.status = "oom";
    model.appendRow(oom);
    // Sorted, "all" first; the training scopes as the table's phase column shows them.
    CHECK(items(bar.familyBox()) == QStringList({QStringLiteral("all"), QStringLiteral("efficientnet_b0"),
                                                 QStringLiteral("resnet18"), QStringLiteral("yolov8n")}));
    CHECK(items(bar.phaseBox()) == QStringList({QStringLiteral("all"), QStringLiteral("infer"),
                                                QStringLiteral("train (network scope)"),
                                                QStringLiteral("train (step scope)")}));
    CHECK(items(bar.statusBox()) == QStringList({QStringLiteral("all"), QStringLiteral("ok"), QStringLiteral("oom")}));

    bar.familyBox()->setCurrentIndex(bar.familyBox()->findText(QStringLiteral("yolov8n")));
    CHECK(proxy.familyFilter() == QStringLiteral("yolov8n"));
    CHECK(proxy.rowCount() == 1);
    CHECK(bar.countLabel()->text() == QStringLiteral("1 of 12 rows"));

    // A family sorting before the chosen one arrives: the choice stays what it was.
    auto alex = eagerRow(4, 1.0);
    alex.family = "alexnet";
    model.appendRow(alex);
    CHECK(bar.familyBox()->currentText() == QStringLiteral("yolov8n"));
    CHECK(proxy.familyFilter() == QStringLiteral("yolov8n"));
    CHECK(bar.countLabel()->text() == QStringLiteral("1 of 13 rows"));

    bar.familyBox()->setCurrentIndex(0);
    bar.phaseBox()->setCurrentIndex(bar.phaseBox()->findText(QStringLiteral("train (step scope)")));
    CHECK(proxy.rowCount() == 2);
    QTest::keyClicks(bar.textField(), QStringLiteral("graphed"));
    CHECK(proxy.textFilter() == QStringLiteral("graphed"));
    CHECK(proxy.rowCount() == 1);

    bar.findChild<QToolButton*>(QStringLiteral("clearFilters"))->click();
    CHECK(proxy.phaseFilter().isEmpty());
    CHECK(proxy.textFilter().isEmpty());
    CHECK(proxy.rowCount() == 13);

    // A reset (another file, a new sweep) lists the new rows' values; a choice whose value is gone
    // goes back to all, one that is still there stays.
    bar.armBox()->setCurrentIndex(bar.armBox()->findText(QStringLiteral("graphed")));
    bar.familyBox()->setCurrentIndex(bar.familyBox()->findText(QStringLiteral("yolov8n")));
    model.resetData(threeBatchSweep());
    CHECK(items(bar.familyBox()) == QStringList({QStringLiteral("all"), QStringLiteral("resnet18")}));
    CHECK(bar.familyBox()->currentIndex() == 0);
    CHECK(proxy.familyFilter().isEmpty());
    CHECK(bar.armBox()->currentText() == QStringLiteral("graphed"));
    CHECK(proxy.rowCount() == 3);
}

TEST_CASE("filter bar's controls have accessible names", "[ui][models]") {
    MeasurementFilterBar bar;
    for (QWidget* control : {static_cast<QWidget*>(bar.familyBox()), static_cast<QWidget*>(bar.phaseBox()),
                             static_cast<QWidget*>(bar.armBox()), static_cast<QWidget*>(bar.statusBox()),
                             static_cast<QWidget*>(bar.textField()), static_cast<QWidget*>(bar.countLabel())}) {
        CHECK_FALSE(control->accessibleName().isEmpty());
    }
    CHECK_FALSE(bar.findChild<QToolButton*>(QStringLiteral("clearFilters"))->accessibleName().isEmpty());
    CHECK(bar.countLabel()->text() == QStringLiteral("0 rows"));
}
