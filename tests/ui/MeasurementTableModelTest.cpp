#include "TestRows.h"
#include "results/MeasurementColumns.h"
#include "ui/models/MeasurementTableModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <catch2/catch.hpp>

using graphlens::ui::MeasurementTableModel;
using namespace graphlens::ui::test;

namespace {

QString cell(const MeasurementTableModel& model, int row, int column, int role = Qt::DisplayRole) {
    return model.data(model.index(row, column), role).toString();
}

}  // namespace

TEST_CASE("table model passes QAbstractItemModelTester while resetting and appending", "[ui][model]") {
    MeasurementTableModel model;
    // Fatal: any broken invariant aborts the test binary, which CTest reports as a failure.
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    model.resetData(threeBatchSweep());
    CHECK(model.rowCount() == 6);
    CHECK(model.columnCount() == MeasurementTableModel::ColumnCount);
    CHECK(reset.count() == 1);

    model.appendRow(eagerRow(64, 18.0));
    model.appendRow(graphedRow(64, 17.5, 1.03));
    CHECK(model.rowCount() == 8);
    CHECK(inserted.count() == 2);
    CHECK(inserted.at(1).at(1).toInt() == 7);  // appended at the end
    CHECK(model.rows().back().batch == 64);

    model.resetData({});
    CHECK(model.rowCount() == 0);
    model.appendRow(eagerRow(1, 1.0));
    CHECK(model.rowCount() == 1);
}

TEST_CASE("table model formats numbers and leaves absent values empty and documents columns", "[ui][model]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());

    CHECK(cell(model, 0, MeasurementTableModel::Family) == QStringLiteral("resnet18"));
    CHECK(cell(model, 0, MeasurementTableModel::Arm) == QStringLiteral("eager"));
    CHECK(cell(model, 1, MeasurementTableModel::Batch) == QStringLiteral("1"));
    CHECK(cell(model, 1, MeasurementTableModel::StepMsMedian) == QStringLiteral("0.691"));
    CHECK(cell(model, 1, MeasurementTableModel::Speedup) == QStringLiteral("2.10×"));
    CHECK(cell(model, 1, MeasurementTableModel::VramDelta) == QStringLiteral("+35.5"));
    CHECK(cell(model, 1, MeasurementTableModel::Replays) == QStringLiteral("29"));
    // Eager rows have no speedup, delta or capture: empty, not "0".
    CHECK(cell(model, 0, MeasurementTableModel::Speedup).isEmpty());
    CHECK(cell(model, 0, MeasurementTableModel::VramDelta).isEmpty());
    CHECK(cell(model, 0, MeasurementTableModel::CaptureMs).isEmpty());

    const auto alignment = [&](int column) {
        return Qt::Alignment(model.data(model.index(0, column), Qt::TextAlignmentRole).toInt());
    };
    CHECK((alignment(MeasurementTableModel::StepMsMedian) & Qt::AlignRight));
    CHECK((alignment(MeasurementTableModel::Family) & Qt::AlignLeft));

    // Sorting works on numbers: batch 32 sorts after batch 8.
    CHECK(model.data(model.index(4, MeasurementTableModel::Batch), MeasurementTableModel::SortRole).toInt() == 32);
    CHECK(model.data(model.index(1, MeasurementTableModel::Speedup), MeasurementTableModel::SortRole).toDouble() == 2.1);
    CHECK(cell(model, 1, MeasurementTableModel::Speedup, Qt::ToolTipRole).contains(QStringLiteral("2.050")));

    // Header tooltips are the documentation of the CSV columns.
    const auto doc = [](std::string_view name) {
        for (const auto& column : graphlens::results::measurementColumns()) {
            if (column.name == name) return QString::fromUtf8(column.doc.data(), qsizetype(column.doc.size()));
        }
        return QString();
    };
    // Which of the three speedups on screen this is: the timed median, not the Timeline's profiled step.
    CHECK(model.headerData(MeasurementTableModel::Speedup, Qt::Horizontal, Qt::ToolTipRole).toString().startsWith(
        doc("speedup")));
    CHECK(model.headerData(MeasurementTableModel::Speedup, Qt::Horizontal).toString() ==
          QStringLiteral("Speedup (timed median)"));
    CHECK(model.headerData(MeasurementTableModel::Speedup, Qt::Horizontal, Qt::ToolTipRole).toString().contains(
        QStringLiteral("one profiled step")));
    CHECK(model.headerData(MeasurementTableModel::VramPeakReserved, Qt::Horizontal, Qt::ToolTipRole).toString() ==
          doc("vram_peak_reserved_mb"));
}

TEST_CASE("table model flags rows that are not ok", "[ui][model]") {
    MeasurementTableModel model;
    auto oom = graphedRow(256, 0, 0);
    oom.status = "oom";
    oom.message = "CUDA out of memory while capturing batch 256";
    oom.speedup.reset();
    model.resetData({oom});
    CHECK(model.data(model.index(0, MeasurementTableModel::Status), Qt::ForegroundRole).isValid());
    CHECK(cell(model, 0, MeasurementTableModel::Message, Qt::ToolTipRole) ==
          QStringLiteral("CUDA out of memory while capturing batch 256"));
}

TEST_CASE("table model's phase column names a training row's graph scope", "[ui][model][training]") {
    MeasurementTableModel model;
    auto rows = twoScopeTraining();
    rows.push_back(eagerRow(8, 2.5));
    rows.back().scope = "step";  // an inference row shows its phase alone, as before
    model.resetData(rows);
    CHECK(cell(model, 0, MeasurementTableModel::Phase) == QStringLiteral("train (network scope)"));
    CHECK(cell(model, 2, MeasurementTableModel::Phase) == QStringLiteral("train (step scope)"));
    CHECK(cell(model, 4, MeasurementTableModel::Phase) == QStringLiteral("infer"));
}

TEST_CASE("a profiled row streamed in joins its timed row: launches and GPU idle land on the timed row", "[ui][model]") {
    MeasurementTableModel model;
    model.appendRow(eagerRow(8, 2.0));
    model.appendRow(graphedRow(8, 1.0, 2.0));
    auto profiled = eagerRow(8, 2.5);  // the eager arm under CUPTI, as the worker sends it last
    profiled.pass = "profiled";
    profiled.launches = 168;
    profiled.gpu_busy_us = 1000;
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.appendRow(profiled);

    REQUIRE(model.rowCount() == 3);
    REQUIRE(model.rows()[0].launches);
    CHECK(*model.rows()[0].launches == 168);
    REQUIRE(model.rows()[0].gpu_idle_pct);
    CHECK(*model.rows()[0].gpu_idle_pct == Approx(50.0));  // 1 - 1000 us / the timed 2.0 ms
    CHECK_FALSE(model.rows()[1].launches);                 // the graphed arm is another configuration
    CHECK(model.index(0, MeasurementTableModel::Launches).data().toString() == QStringLiteral("168"));
    REQUIRE(changed.count() >= 1);
    CHECK(changed.front().at(0).toModelIndex().row() == 0);

    // An autosave opened later holds the same rows unjoined: a reset joins them the same way.
    auto unjoined = std::vector<graphlens::results::Measurement>{eagerRow(8, 2.0), profiled};
    model.resetData(unjoined);
    REQUIRE(model.rows()[0].launches);
    CHECK(*model.rows()[0].launches == 168);
}
