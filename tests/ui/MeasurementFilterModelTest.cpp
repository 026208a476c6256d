// The results table's sort/filter proxy: Qt's model invariants while rows stream in, the model is
// reset and rows are filtered; numeric sorting with empty cells last; the filters; the mapping of a
// table row back to its measurement through the proxy chain the window uses; failed rows in red.
#include "TestRows.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/NaturalOrder.h"
#include "ui/session/BaselineDeltaProxy.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <catch2/catch.hpp>

using graphlens::ui::BaselineDeltaProxy;
using graphlens::ui::MeasurementFilterModel;
using graphlens::ui::MeasurementTableModel;
using Measurement = graphlens::results::Measurement;
using namespace graphlens::ui::test;

namespace {

Measurement failedRow(const std::string& family, const std::string& status, const std::string& message) {
    auto row = graphedRow(256, 0, 0);
    row.family = family;
    row.status = status;
    row.message = message;
    row.step_ms_median.reset();
    row.step_ms_min.reset();
    row.speedup.reset();
    return row;
}

// resnet18 inference at 1, 8, 32; its training rows at 8 in both graph scopes; a yolov8n oom row.
std::vector<Measurement> mixedRows() {
    auto rows = threeBatchSweep();
    for (const auto& row : twoScopeTraining()) rows.push_back(row);
    rows.push_back(failedRow("yolov8n", "oom", "CUDA out of memory while capturing batch 256"));
    return rows;
}

QStringList column(const QAbstractItemModel& model, int column) {
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row) cells << model.index(row, column).data().toString();
    return cells;
}

}  // namespace

TEST_CASE("table model and filter proxy pass QAbstractItemModelTester while rows stream, reset and filter",
          "[ui][models]") {
    MeasurementTableModel model;
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&model);
    // Fatal: a broken invariant aborts the test binary, which CTest reports as a failure.
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.sort(MeasurementTableModel::Batch, Qt::DescendingOrder);

    for (const auto& row : mixedRows()) model.appendRow(row);  // streamed in, one by one
    CHECK(proxy.rowCount() == 11);
    CHECK(column(proxy, MeasurementTableModel::Batch).first() == QStringLiteral("256"));

    proxy.setFamilyFilter(QStringLiteral("resnet18"));
    CHECK(proxy.rowCount() == 10);
    model.appendRow(eagerRow(64, 18.0));                 // passes the filter: sorted in at the top
    model.appendRow(failedRow("yolov8n", "error", "x"));  // filtered out as it arrives
    CHECK(proxy.rowCount() == 11);
    CHECK(column(proxy, MeasurementTableModel::Batch).first() == QStringLiteral("64"));

    proxy.setArmFilter(QStringLiteral("graphed"));
    proxy.setTextFilter(QStringLiteral("train"));
    CHECK(proxy.rowCount() == 2);
    proxy.setTextFilter({});
    CHECK(proxy.rowCount() == 5);

    model.resetData(threeBatchSweep());
    CHECK(proxy.rowCount() == 3);
    model.resetData({});
    CHECK(proxy.rowCount() == 0);
    proxy.setFamilyFilter({});
    proxy.setArmFilter({});
    model.appendRow(graphedRow(2, 1.0, 1.5));
    CHECK(proxy.rowCount() == 1);
    proxy.sort(MeasurementTableModel::Speedup, Qt::AscendingOrder);
    CHECK(proxy.rowCount() == 1);
}

TEST_CASE("filter proxy sorts numeric columns as numbers with empty cells last in either order", "[ui][models]") {
    MeasurementTableModel model;
    model.resetData({eagerRow(8, 2.9), graphedRow(128, 30.0, 1.01), eagerRow(32, 9.8), graphedRow(1, 0.7, 2.1),
                     failedRow("resnet18", "oom", "out of memory")});
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&model);

    proxy.sort(MeasurementTableModel::Batch, Qt::AscendingOrder);
    CHECK(column(proxy, MeasurementTableModel::Batch) ==
          QStringList({QStringLiteral("1"), QStringLiteral("8"), QStringLiteral("32"), QStringLiteral("128"),
                       QStringLiteral("256")}));
    proxy.sort(MeasurementTableModel::Batch, Qt::DescendingOrder);
    CHECK(column(proxy, MeasurementTableModel::Batch).first() == QStringLiteral("256"));

    // Speedup: eager rows and the failed row have none; they stay at the bottom both ways.
    proxy.sort(MeasurementTableModel::Speedup, Qt::AscendingOrder);
    CHECK(column(proxy, MeasurementTableModel::Speedup) ==
          QStringList({QStringLiteral("1.01×"), QStringLiteral("2.10×"), QString(), QString(), QString()}));
    proxy.sort(MeasurementTableModel::Speedup, Qt::DescendingOrder);
    CHECK(column(proxy, MeasurementTableModel::Speedup) ==
          QStringList({QStringLiteral("2.10×"), QStringLiteral("1.01×"), QString(), QString(), QString()}));

    // 9.8 before 30.0: numbers, not the strings "30.000" < "9.800".
    proxy.sort(MeasurementTableModel::StepMsMedian, Qt::AscendingOrder);
    CHECK(column(proxy, MeasurementTableModel::StepMsMedian) ==
          QStringList({QStringLiteral("0.700"), QStringLiteral("2.900"), QStringLiteral("9.800"),
                       QStringLiteral("30.000"), QString()}));
    proxy.sort(MeasurementTableModel::StepMsMedian, Qt::DescendingOrder);
    CHECK(column(proxy, MeasurementTableModel::StepMsMedian).last().isEmpty());

    // Text columns in natural order: resnet18 before resnet50 before resnet101.
    auto rows = model.rows();
    rows[0].family = "resnet101";
    rows[1].family = "resnet50";
    model.resetData(rows);
    proxy.sort(MeasurementTableModel::Family, Qt::AscendingOrder);
    CHECK(column(proxy, MeasurementTableModel::Family) ==
          QStringList({QStringLiteral("resnet18"), QStringLiteral("resnet18"), QStringLiteral("resnet18"),
                       QStringLiteral("resnet50"), QStringLiteral("resnet101")}));
}

TEST_CASE("filter proxy keeps the rows matching family, phase, arm, status and text", "[ui][models]") {
    MeasurementTableModel model;
    model.resetData(mixedRows());
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&model);
    REQUIRE(proxy.rowCount() == 11);

    proxy.setFamilyFilter(QStringLiteral("yolov8n"));
    CHECK(proxy.rowCount() == 1);
    proxy.setFamilyFilter({});

    // The phase filter is the label the table shows: it tells the two training scopes apart.
    proxy.setPhaseFilter(QStringLiteral("train (step scope)"));
    CHECK(proxy.rowCount() == 2);
    proxy.setArmFilter(QStringLiteral("graphed"));
    CHECK(proxy.rowCount() == 1);
    CHECK(proxy.measurementAt(proxy.index(0, 0))->scope == "step");
    proxy.setPhaseFilter({});
    proxy.setArmFilter({});

    proxy.setStatusFilter(QStringLiteral("oom"));
    CHECK(proxy.rowCount() == 1);
    proxy.setStatusFilter(QStringLiteral("ok"));
    CHECK(proxy.rowCount() == 10);
    proxy.setStatusFilter({});

    // Free text: any text cell, case-insensitive; the message counts, the batch too.
    proxy.setTextFilter(QStringLiteral("OUT OF MEMORY"));
    CHECK(proxy.rowCount() == 1);
    proxy.setTextFilter(QStringLiteral("YOLO"));
    CHECK(proxy.rowCount() == 1);
    proxy.setTextFilter(QStringLiteral("32"));
    CHECK(proxy.rowCount() == 2);
    proxy.setTextFilter(QStringLiteral("  amp-fp16 "));  // trimmed
    CHECK(proxy.rowCount() == 4);
    proxy.setTextFilter(QStringLiteral("no such thing"));
    CHECK(proxy.rowCount() == 0);
    proxy.setTextFilter({});
    CHECK(proxy.rowCount() == 11);
}

TEST_CASE("filter proxy maps a sorted, filtered table row to its measurement through the baseline proxy",
          "[ui][models]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());
    BaselineDeltaProxy deltas;  // the window's chain: table model, baseline deltas, this proxy
    deltas.setSourceModel(&model);
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&deltas);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(proxy.measurementModel() == &model);

    proxy.sort(MeasurementTableModel::Batch, Qt::DescendingOrder);
    proxy.setArmFilter(QStringLiteral("graphed"));
    REQUIRE(proxy.rowCount() == 3);
    const auto* first = proxy.measurementAt(proxy.index(0, MeasurementTableModel::Speedup));
    REQUIRE(first != nullptr);
    CHECK(first->batch == 32);
    CHECK(first->arm == "graphed");
    CHECK(first == &model.rows()[5]);

    const auto rows = proxy.measurementsAt({proxy.index(2, 0), proxy.index(1, 3), QModelIndex()});
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].batch == 1);
    CHECK(rows[1].batch == 8);
    CHECK(proxy.measurementAt(model.index(0, 0)) == nullptr);  // an index of another model
}

TEST_CASE("table model shows a failed row whole in red with its message in every tooltip", "[ui][models]") {
    MeasurementTableModel model;
    auto skipped = eagerRow(1, 1.0);
    skipped.status = "skipped";
    skipped.message = "skipped: CUDA graphs need a CUDA device";
    model.resetData({failedRow("resnet18", "oom", "CUDA out of memory"), failedRow("resnet18", "error", "boom"),
                     failedRow("resnet18", "refused", "plan refused"), skipped, eagerRow(8, 2.0)});
    const auto foreground = [&](int row, int column) {
        return model.data(model.index(row, column), Qt::ForegroundRole).value<QBrush>().color();
    };
    const QColor red(0xc0, 0x39, 0x2b);
    for (int row = 0; row < 3; ++row) {
        const QString message = QString::fromStdString(model.rows()[size_t(row)].message);
        for (int column = 0; column < MeasurementTableModel::ColumnCount; ++column) {
            INFO("row " << row << " column " << column);
            CHECK(foreground(row, column) == red);
            CHECK(model.data(model.index(row, column), Qt::ToolTipRole).toString() == message);
        }
    }
    // Skipped is not a failure: only its status cell is flagged; an ok row not at all.
    CHECK(foreground(3, MeasurementTableModel::Status) == red);
    CHECK_FALSE(model.data(model.index(3, MeasurementTableModel::Family), Qt::ForegroundRole).isValid());
    CHECK_FALSE(model.data(model.index(4, MeasurementTableModel::Status), Qt::ForegroundRole).isValid());
    CHECK(model.data(model.index(4, MeasurementTableModel::Family), Qt::ToolTipRole).toString() ==
          QStringLiteral("resnet18 on NVIDIA H200, timed pass"));
}

TEST_CASE("natural order compares digit runs as numbers and ignores case", "[ui][models]") {
    using graphlens::ui::naturalCompare;
    CHECK(naturalCompare(u"resnet18", u"resnet101") < 0);
    CHECK(naturalCompare(u"resnet101", u"resnet50") > 0);
    CHECK(naturalCompare(u"b8 graphed", u"b32 eager") < 0);
    CHECK(naturalCompare(u"ResNet18", u"resnet18") == 0);
    CHECK(naturalCompare(u"x007", u"x7") == 0);
    CHECK(naturalCompare(u"yolov8n", u"yolov8") > 0);
    CHECK(naturalCompare(u"", u"a") < 0);
    CHECK(naturalCompare(u"efficientnet_b0", u"resnet18") < 0);
}

TEST_CASE("filter proxy's cached sort values follow appended rows and resets", "[ui][models]") {
    MeasurementTableModel model;
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.resetData({eagerRow(8, 5.0), eagerRow(1, 2.0), eagerRow(32, 9.0)});
    proxy.sort(MeasurementTableModel::StepMsMedian, Qt::AscendingOrder);
    CHECK(column(proxy, MeasurementTableModel::Batch) ==
          QStringList({QStringLiteral("1"), QStringLiteral("8"), QStringLiteral("32")}));

    model.appendRow(eagerRow(64, 1.0));  // the fastest arrives last: sorted in first
    model.appendRow(eagerRow(2, 7.0));
    CHECK(column(proxy, MeasurementTableModel::Batch) ==
          QStringList({QStringLiteral("64"), QStringLiteral("1"), QStringLiteral("8"), QStringLiteral("2"),
                       QStringLiteral("32")}));

    // Same rows, other times: nothing of the old order may survive the reset.
    model.resetData({eagerRow(8, 1.0), eagerRow(1, 9.0), eagerRow(32, 5.0)});
    CHECK(column(proxy, MeasurementTableModel::Batch) ==
          QStringList({QStringLiteral("8"), QStringLiteral("32"), QStringLiteral("1")}));
    proxy.sort(MeasurementTableModel::Batch, Qt::AscendingOrder);  // another column: other values
    CHECK(column(proxy, MeasurementTableModel::Batch) ==
          QStringList({QStringLiteral("1"), QStringLiteral("8"), QStringLiteral("32")}));
}

TEST_CASE("filter proxy finds the table row of a model row through the baseline proxy", "[ui][models]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());
    BaselineDeltaProxy deltas;
    deltas.setSourceModel(&model);
    MeasurementFilterModel proxy;
    proxy.setSourceModel(&deltas);
    proxy.sort(MeasurementTableModel::Batch, Qt::DescendingOrder);

    const auto index = proxy.indexOfModelRow(5, MeasurementTableModel::Speedup);  // graphed batch 32
    REQUIRE(index.isValid());
    CHECK(index.row() == 1);  // after the eager row at 32, in the order the rows arrived
    CHECK(index.column() == MeasurementTableModel::Speedup);
    CHECK(proxy.measurementAt(index) == &model.rows()[5]);
    proxy.setArmFilter(QStringLiteral("eager"));
    CHECK_FALSE(proxy.indexOfModelRow(5).isValid());  // filtered out
    CHECK_FALSE(proxy.indexOfModelRow(99).isValid());
}
