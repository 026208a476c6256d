// Comparing a session with a baseline (ui/session): the delta columns of the table and the
// "vs baseline" ratio chart, over the two real H200 fixtures (resnet18-h200-session.json as the
// baseline, resnet18-h200-infer-train-session.json as the session shown) and over a copy with
// scaled medians. Expected values are read from the files with QJsonDocument, independently of the
// results parser the GUI uses.
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/session/Baseline.h"
#include "ui/session/BaselineController.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/BaselineRatioChartView.h"
#include "ui/session/BaselineStatusWidget.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChart>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const QString baselinePath = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");
const QString currentPath = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json");

QJsonArray jsonRows(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const auto doc = QJsonDocument::fromJson(file.readAll());
    REQUIRE(doc.isObject());
    return doc.object().value(QStringLiteral("rows")).toArray();
}

QString text(const QJsonObject& row, const char* key) { return row.value(QLatin1String(key)).toString(); }

// The brief's match rule, spelled out on the JSON: family, phase, scope, precision, memory format
// (absent reads as nchw), batch, arm and pass; an ok baseline row with a median.
std::optional<QJsonObject> jsonMatch(const QJsonArray& baseline, const QJsonObject& row) {
    const auto format = [](const QJsonObject& r) {
        const auto f = text(r, "memory_format");
        return f.isEmpty() ? QStringLiteral("nchw") : f;
    };
    if (text(row, "status") != QStringLiteral("ok")) return std::nullopt;
    std::optional<QJsonObject> found;
    for (const auto& value : baseline) {
        const auto b = value.toObject();
        if (text(b, "status") != QStringLiteral("ok") || !b.value(QStringLiteral("step_ms_median")).isDouble()) continue;
        bool same = format(b) == format(row) && b.value(QStringLiteral("batch")) == row.value(QStringLiteral("batch"));
        for (const char* key : {"family", "phase", "scope", "precision", "arm", "pass"}) same = same && text(b, key) == text(row, key);
        if (same) found = b;
    }
    return found;
}

double median(const QJsonObject& row) { return row.value(QStringLiteral("step_ms_median")).toDouble(); }

std::vector<results::Measurement> sessionRows(const QString& path) {
    return results::readAnyResultsFile(path.toStdString()).rows;
}

QVariant cell(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole) {
    return model.data(model.index(row, column), role);
}

std::vector<QLineSeries*> ratioLines(BaselineRatioChartView& view) {
    std::vector<QLineSeries*> lines;
    for (auto* series : view.chart()->series()) {
        if (series != view.unityLine()) lines.push_back(qobject_cast<QLineSeries*>(series));
    }
    return lines;
}

}  // namespace

TEST_CASE("delta columns: baseline median and change for matched rows, blank for the rest", "[baseline]") {
    MeasurementTableModel model;
    BaselineDeltaProxy deltas;
    QAbstractItemModelTester tester(&deltas, QAbstractItemModelTester::FailureReportingMode::Fatal);
    deltas.setSourceModel(&model);
    Baseline baseline;
    deltas.setBaseline(&baseline);
    model.resetData(sessionRows(currentPath));
    CHECK(deltas.columnCount() == MeasurementTableModel::ColumnCount);  // no baseline: no extra columns
    CHECK(deltas.columnOf(BaselineDeltaProxy::BaselineMedian) == -1);

    baseline.set(QStringLiteral("resnet18-h200-session.json"), sessionRows(baselinePath));
    REQUIRE(deltas.columnCount() == MeasurementTableModel::ColumnCount + 3);
    const int baseColumn = deltas.columnOf(BaselineDeltaProxy::BaselineMedian);
    const int changeColumn = deltas.columnOf(BaselineDeltaProxy::DeltaMedianPct);
    const int speedupColumn = deltas.columnOf(BaselineDeltaProxy::DeltaSpeedup);
    CHECK(baseColumn == MeasurementTableModel::ColumnCount);  // appended: the table's own columns keep their numbers
    CHECK(deltas.headerData(baseColumn, Qt::Horizontal).toString() == QStringLiteral("Baseline median (ms)"));
    CHECK(deltas.headerData(changeColumn, Qt::Horizontal).toString() == QStringLiteral("Δ median %"));
    CHECK(deltas.headerData(speedupColumn, Qt::Horizontal).toString() == QStringLiteral("Δ speedup"));

    const auto current = jsonRows(currentPath);
    const auto base = jsonRows(baselinePath);
    REQUIRE(deltas.rowCount() == current.size());
    int matched = 0, unmatched = 0;
    for (int r = 0; r < current.size(); ++r) {
        const auto row = current[r].toObject();
        INFO("row " << r << ": " << text(row, "phase").toStdString() << " " << text(row, "scope").toStdString() << " "
                    << text(row, "arm").toStdString() << " " << text(row, "pass").toStdString());
        // The source columns are passed through unchanged.
        CHECK(cell(deltas, r, MeasurementTableModel::Family) == cell(model, r, MeasurementTableModel::Family));
        const auto match = jsonMatch(base, row);
        if (!match) {
            ++unmatched;
            for (int column : {baseColumn, changeColumn, speedupColumn}) {
                CHECK(cell(deltas, r, column).toString().isEmpty());
                CHECK_FALSE(cell(deltas, r, column, MeasurementTableModel::SortRole).isValid());
            }
            continue;
        }
        ++matched;
        const double expectedPct = 100.0 * (median(row) - median(*match)) / median(*match);
        CHECK(cell(deltas, r, baseColumn, MeasurementTableModel::SortRole).toDouble() == Approx(median(*match)));
        CHECK(cell(deltas, r, baseColumn).toString() == QString::number(median(*match), 'f', 3));
        CHECK(cell(deltas, r, changeColumn, MeasurementTableModel::SortRole).toDouble() == Approx(expectedPct));
        CHECK(cell(deltas, r, changeColumn).toString() ==
              (expectedPct > 0 ? QStringLiteral("+") : QString()) + QString::number(expectedPct, 'f', 1) + QLatin1Char('%'));
        const auto nowSpeedup = row.value(QStringLiteral("speedup"));
        const auto baseSpeedup = match->value(QStringLiteral("speedup"));
        if (nowSpeedup.isDouble() && baseSpeedup.isDouble()) {
            const double expected = nowSpeedup.toDouble() - baseSpeedup.toDouble();
            CHECK(cell(deltas, r, speedupColumn, MeasurementTableModel::SortRole).toDouble() == Approx(expected));
            CHECK(cell(deltas, r, speedupColumn).toString().endsWith(QStringLiteral("×")));
        } else {
            CHECK(cell(deltas, r, speedupColumn).toString().isEmpty());  // eager and profiled rows have no speedup
        }
    }
    // Inference at batch 8, both arms and both passes, is in both sessions; training is not.
    CHECK(matched == 4);
    CHECK(unmatched == 4);

    // The graphed timed row by hand: 0.7618835 ms now against 0.7595475 ms, speedup 2.528 vs 2.325.
    int graphedTimed = -1;
    for (int r = 0; r < int(model.rows().size()); ++r) {
        const auto& m = model.rows()[size_t(r)];
        if (m.phase == "infer" && m.arm == "graphed" && m.pass == "timed") graphedTimed = r;
    }
    REQUIRE(graphedTimed >= 0);
    CHECK(cell(deltas, graphedTimed, baseColumn).toString() == QStringLiteral("0.760"));
    CHECK(cell(deltas, graphedTimed, changeColumn).toString() == QStringLiteral("+0.3%"));
    CHECK(cell(deltas, graphedTimed, speedupColumn).toString() == QStringLiteral("+0.20×"));

    baseline.clear();
    CHECK(deltas.columnCount() == MeasurementTableModel::ColumnCount);
}

TEST_CASE("ratio chart: one point per matched series and batch, current over baseline median", "[baseline]") {
    MeasurementTableModel model;
    model.resetData(sessionRows(currentPath));
    Baseline baseline;
    BaselineRatioChartView view;
    view.setModel(&model);
    view.setBaseline(&baseline);
    CHECK(view.curves().empty());  // no baseline yet
    CHECK(view.chart()->title().contains(QStringLiteral("no baseline set")));

    baseline.set(QStringLiteral("resnet18-h200-session.json"), sessionRows(baselinePath));
    // Timed rows only (the charts' rule): inference at batch 8, eager and graphed; training has no match.
    const auto current = jsonRows(currentPath);
    const auto base = jsonRows(baselinePath);
    int expectedPoints = 0;
    for (const auto& value : current) {
        const auto row = value.toObject();
        if (text(row, "pass") != QStringLiteral("timed")) continue;
        const auto match = jsonMatch(base, row);
        if (!match) continue;
        ++expectedPoints;
        const double ratio = median(row) / median(*match);
        const MetricCurve* curve = nullptr;
        for (const auto& c : view.curves()) {
            if (c.arm == text(row, "arm").toStdString() && c.key.phase == text(row, "phase").toStdString()) curve = &c;
        }
        REQUIRE(curve != nullptr);
        REQUIRE(curve->at(row.value(QStringLiteral("batch")).toInt()).has_value());
        CHECK(*curve->at(row.value(QStringLiteral("batch")).toInt()) == Approx(ratio));
    }
    CHECK(expectedPoints == 2);
    int points = 0;
    for (const auto& c : view.curves()) points += int(c.points.size());
    CHECK(points == expectedPoints);

    // What is drawn: the same points, and the 1.0 line across the batch axis.
    const auto lines = ratioLines(view);
    REQUIRE(lines.size() == view.curves().size());
    for (size_t i = 0; i < lines.size(); ++i) {
        REQUIRE(lines[i]->count() == int(view.curves()[i].points.size()));
        CHECK(lines[i]->at(0).y() == Approx(view.curves()[i].points[0].value));
    }
    REQUIRE(view.unityLine() != nullptr);
    REQUIRE(view.unityLine()->count() == 2);
    CHECK(view.unityLine()->at(0).y() == 1.0);
    CHECK(view.unityLine()->at(1).y() == 1.0);
    CHECK(view.chart()->title().contains(QStringLiteral("resnet18-h200-session.json")));

    // Hovering the graphed point gives the exact ratio and both medians.
    view.resize(900, 600);
    view.show();
    QLineSeries* graphed = nullptr;
    for (auto* line : lines) {
        if (line->name() == QStringLiteral("graphed")) graphed = line;
    }
    REQUIRE(graphed != nullptr);
    emit graphed->hovered(graphed->at(0), true);
    const QString tip = QToolTip::text();
    CHECK(tip.contains(QStringLiteral("batch 8: 1.003 × baseline")));
    CHECK(tip.contains(QStringLiteral("0.762 ms now, 0.76 ms in the baseline (+0.3%)")));
    QToolTip::hideText();
}

TEST_CASE("a copy with graphed medians scaled by 1.1 reads +10% and 1.1 at every batch", "[baseline]") {
    auto rows = sessionRows(baselinePath);
    auto slower = rows;
    for (auto& row : slower) {
        if (row.arm == "graphed" && row.step_ms_median) *row.step_ms_median *= 1.1;
    }
    MeasurementTableModel model;
    model.resetData(slower);
    BaselineDeltaProxy deltas;
    deltas.setSourceModel(&model);
    Baseline baseline;
    deltas.setBaseline(&baseline);
    BaselineRatioChartView view;
    view.setModel(&model);
    view.setBaseline(&baseline);
    baseline.set(QStringLiteral("copy"), rows);

    const int change = deltas.columnOf(BaselineDeltaProxy::DeltaMedianPct);
    for (int r = 0; r < deltas.rowCount(); ++r) {
        const bool graphed = slower[size_t(r)].arm == "graphed";
        CHECK(cell(deltas, r, change, MeasurementTableModel::SortRole).toDouble() == Approx(graphed ? 10.0 : 0.0).margin(1e-9));
        CHECK(cell(deltas, r, change).toString() == (graphed ? QStringLiteral("+10.0%") : QStringLiteral("0.0%")));
    }
    // Eager and graphed timed curves at batches 1 and 8: four points.
    REQUIRE(view.curves().size() == 2);
    for (const auto& curve : view.curves()) {
        REQUIRE(curve.points.size() == 2);
        CHECK(curve.points[0].batch == 1);
        CHECK(curve.points[1].batch == 8);
        for (const auto& p : curve.points) CHECK(p.value == Approx(curve.arm == "graphed" ? 1.1 : 1.0));
    }
}

TEST_CASE("the window: Set as Baseline, then the next session is compared and Clear takes it all away", "[baseline][window]") {
    MainWindow window;
    window.show();
    auto* table = window.findChild<QTableView*>();
    REQUIRE(table != nullptr);
    auto* setAction = window.findChild<QAction*>(QStringLiteral("actionSetBaseline"));
    auto* clearAction = window.findChild<QAction*>(QStringLiteral("actionClearBaseline"));
    REQUIRE(setAction != nullptr);
    REQUIRE(window.findChild<QAction*>(QStringLiteral("actionCompareBaseline")) != nullptr);
    CHECK_FALSE(setAction->isEnabled());  // nothing shown to take as the baseline
    CHECK_FALSE(clearAction->isEnabled());
    auto* controller = window.baseline();
    REQUIRE(controller != nullptr);
    auto* charts = window.findChild<ChartsPanel*>();
    REQUIRE(charts != nullptr);
    const int tabsBefore = charts->count();
    CHECK_FALSE(controller->statusWidget()->isVisible());

    REQUIRE(window.openFile(baselinePath));
    REQUIRE(setAction->isEnabled());
    setAction->trigger();
    CHECK(controller->baseline()->isSet());
    CHECK(controller->statusWidget()->isVisible());
    CHECK(controller->statusWidget()->text() == QStringLiteral("Baseline: resnet18-h200-session.json"));
    CHECK(clearAction->isEnabled());
    CHECK(charts->count() == tabsBefore + 1);
    CHECK(charts->tabText(charts->indexOf(controller->ratioChart())) == QStringLiteral("vs baseline"));
    REQUIRE(table->model()->columnCount() == MeasurementTableModel::ColumnCount + 3);
    // On screen the delta columns follow the median they compare.
    auto* header = table->horizontalHeader();
    const int medianAt = header->visualIndex(MeasurementTableModel::StepMsMedian);
    for (int extra = 0; extra < 3; ++extra) {
        CHECK(header->visualIndex(MeasurementTableModel::ColumnCount + extra) == medianAt + 1 + extra);
    }

    // The session shown against itself: 0.0% on every row.
    const int change = controller->deltas()->columnOf(BaselineDeltaProxy::DeltaMedianPct);
    for (int r = 0; r < table->model()->rowCount(); ++r) CHECK(cell(*table->model(), r, change).toString() == QStringLiteral("0.0%"));

    // Another session opened: compared with the baseline, through the table's sorting proxy.
    REQUIRE(window.openFile(currentPath));
    const auto& rows = window.model()->rows();
    int filled = 0;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (!cell(*table->model(), r, change).toString().isEmpty()) ++filled;
    }
    CHECK(filled == 4);
    CHECK(int(rows.size()) == 8);
    CHECK(controller->ratioChart()->curves().size() == 2);

    // A baseline that cannot be read is said, and the one in use stays.
    CHECK_FALSE(controller->compareWithFile(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/no-such-baseline.json")));
    CHECK(controller->lastError().contains(QStringLiteral("no-such-baseline.json")));
    CHECK(controller->baseline()->name() == QStringLiteral("resnet18-h200-session.json"));

    controller->statusWidget()->clearButton()->click();
    CHECK_FALSE(controller->baseline()->isSet());
    CHECK_FALSE(controller->statusWidget()->isVisible());
    CHECK(charts->count() == tabsBefore);
    CHECK(table->model()->columnCount() == MeasurementTableModel::ColumnCount);

    // Compare with a file directly: its tab is brought forward.
    REQUIRE(controller->compareWithFile(baselinePath));
    CHECK(charts->currentWidget() == controller->ratioChart());
    CHECK(controller->statusWidget()->text() == QStringLiteral("Baseline: resnet18-h200-session.json"));
}
