// Comparing a session with a baseline (ui/session): the delta columns of the table and the
// "vs baseline" ratio chart, over the two real H200 fixtures (resnet18-h200-session.json as the
// baseline, resnet18-h200-infer-train-session.json as the session shown), over a copy with scaled
// medians and over hand-made rows whose signs are known. Expected values are read from the files
// with QJsonDocument, independently of the results parser the GUI uses. The README's flow: Set as
// Baseline keeps the session shown; Compare with Baseline… opens another file as the session shown,
// and every delta reads "the session shown against the baseline".
#include "TestRows.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementFilterModel.h"
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
#include <QTemporaryDir>
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

// The row of `rows` with this arm and batch (timed pass), or -1.
int rowOf(const std::vector<results::Measurement>& rows, const std::string& arm, int batch) {
    for (size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].arm == arm && rows[r].batch == batch && rows[r].pass == "timed") return int(r);
    }
    return -1;
}

// A baseline of resnet18 at batches 1 and 8: eager 2.0 / 4.0 ms, graphed 1.0 / 3.2 ms (speedups 2.00, 1.25).
std::vector<results::Measurement> slowBaseline() {
    return {test::eagerRow(1, 2.0), test::graphedRow(1, 1.0, 2.0), test::eagerRow(8, 4.0), test::graphedRow(8, 3.2, 1.25)};
}

// The same configurations measured again: batch 1's graphed step is twice as fast (speedup 2.00 →
// 4.00), batch 8's eager step is 12% slower and its graphed step the same (speedup 1.25 → 1.40).
std::vector<results::Measurement> fasterCurrent() {
    return {test::eagerRow(1, 2.0), test::graphedRow(1, 0.5, 4.0), test::eagerRow(8, 4.48), test::graphedRow(8, 3.2, 1.4)};
}

QString writeSessionFile(const QTemporaryDir& dir, const QString& name, std::vector<results::Measurement> rows) {
    results::Session session;
    session.session_id = name.toStdString();
    for (auto& row : rows) row.session_id = session.session_id;
    session.rows = std::move(rows);
    const QString path = dir.filePath(name);
    results::writeSession(path.toStdString(), session);
    return path;
}

std::vector<QLineSeries*> ratioLines(BaselineRatioChartView& view) {
    std::vector<QLineSeries*> lines;
    for (auto* series : view.chart()->series()) {
        // Lines only: a single-point curve also gets a transparent scatter series as its hover target.
        auto* line = qobject_cast<QLineSeries*>(series);
        if (line && line != view.unityLine()) lines.push_back(line);
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
            // Baseline → now and the difference, never a lone "+0.20×" that reads as a ratio.
            CHECK(cell(deltas, r, speedupColumn).toString() ==
                  QString::number(baseSpeedup.toDouble(), 'f', 2) + QStringLiteral("× → ") +
                      QString::number(nowSpeedup.toDouble(), 'f', 2) + QStringLiteral("× (") +
                      (expected > 0 ? QStringLiteral("+") : QString()) + QString::number(expected, 'f', 2) +
                      QLatin1Char(')'));
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
    CHECK(cell(deltas, graphedTimed, speedupColumn).toString() == QStringLiteral("2.32× → 2.53× (+0.20)"));

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


TEST_CASE("signs: a session faster than its baseline reads negative Δ median, positive speedup change, ratio below 1",
          "[baseline]") {
    MeasurementTableModel model;
    BaselineDeltaProxy deltas;
    QAbstractItemModelTester tester(&deltas, QAbstractItemModelTester::FailureReportingMode::Fatal);
    deltas.setSourceModel(&model);
    Baseline baseline;
    deltas.setBaseline(&baseline);
    BaselineRatioChartView view;
    view.setModel(&model);
    view.setBaseline(&baseline);
    model.resetData(fasterCurrent());
    baseline.set(QStringLiteral("slow.json"), slowBaseline());

    const int change = deltas.columnOf(BaselineDeltaProxy::DeltaMedianPct);
    const int speedup = deltas.columnOf(BaselineDeltaProxy::DeltaSpeedup);
    const auto& rows = model.rows();
    const int graphed1 = rowOf(rows, "graphed", 1), eager8 = rowOf(rows, "eager", 8), graphed8 = rowOf(rows, "graphed", 8);
    const int eager1 = rowOf(rows, "eager", 1);

    // Graphed at batch 1: 0.5 ms now against 1.0 ms in the baseline, faster, so negative.
    CHECK(cell(deltas, graphed1, change, MeasurementTableModel::SortRole).toDouble() == Approx(-50.0));
    CHECK(cell(deltas, graphed1, change).toString() == QStringLiteral("-50.0%"));
    // Its speedup grew from 2.00× to 4.00×: a positive change of 2 points of ×, written as such.
    CHECK(cell(deltas, graphed1, speedup, MeasurementTableModel::SortRole).toDouble() == Approx(2.0));
    CHECK(cell(deltas, graphed1, speedup).toString() == QStringLiteral("2.00× → 4.00× (+2.00)"));
    CHECK(cell(deltas, graphed1, speedup, Qt::ToolTipRole).toString().contains(QStringLiteral("not a ratio")));
    // Faster beyond the noise (the intervals are ±1%): coloured green, not red.
    const auto brush = cell(deltas, graphed1, change, Qt::ForegroundRole).value<QBrush>();
    CHECK(brush.color() == QColor(0x1e, 0x84, 0x49));

    // Eager at batch 8: 4.48 ms now against 4.0 ms, slower, so positive and red.
    CHECK(cell(deltas, eager8, change).toString() == QStringLiteral("+12.0%"));
    CHECK(cell(deltas, eager8, change, Qt::ForegroundRole).value<QBrush>().color() == QColor(0xc0, 0x39, 0x2b));
    CHECK(cell(deltas, eager8, speedup).toString().isEmpty());  // eager rows have no speedup
    // Graphed at batch 8: the same time, a larger speedup because eager slowed down.
    CHECK(cell(deltas, graphed8, change).toString() == QStringLiteral("0.0%"));
    CHECK(cell(deltas, graphed8, speedup).toString() == QStringLiteral("1.25× → 1.40× (+0.15)"));
    CHECK(cell(deltas, eager1, change).toString() == QStringLiteral("0.0%"));

    // The ratio chart: now / baseline, below 1 where the session shown is faster.
    const MetricCurve* graphedCurve = nullptr;
    const MetricCurve* eagerCurve = nullptr;
    for (const auto& curve : view.curves()) (curve.arm == "graphed" ? graphedCurve : eagerCurve) = &curve;
    REQUIRE(graphedCurve != nullptr);
    REQUIRE(eagerCurve != nullptr);
    CHECK(*graphedCurve->at(1) == Approx(0.5));
    CHECK(*graphedCurve->at(8) == Approx(1.0));
    CHECK(*eagerCurve->at(8) == Approx(1.12));
}

TEST_CASE("Compare with Baseline opens the file as the session shown and keeps the baseline", "[baseline][window]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString slow = writeSessionFile(dir, QStringLiteral("slow.json"), slowBaseline());
    const QString fast = writeSessionFile(dir, QStringLiteral("fast.json"), fasterCurrent());

    MainWindow window;
    window.show();
    auto* controller = window.baseline();
    auto* compareAction = window.findChild<QAction*>(QStringLiteral("actionCompareBaseline"));
    REQUIRE(compareAction != nullptr);
    CHECK_FALSE(compareAction->isEnabled());  // nothing to compare against yet

    // Without a baseline, comparing changes nothing and says why.
    REQUIRE(window.openFile(slow));
    CHECK_FALSE(compareAction->isEnabled());
    CHECK_FALSE(controller->compareWithFile(fast));
    CHECK(controller->lastError().contains(QStringLiteral("Set as Baseline")));
    CHECK(window.currentFile() == slow);
    CHECK_FALSE(controller->baseline()->isSet());

    // The slow session becomes the baseline; comparing opens the fast one as the session shown.
    window.findChild<QAction*>(QStringLiteral("actionSetBaseline"))->trigger();
    CHECK(compareAction->isEnabled());
    // Not while File ▸ Open is not allowed (a sweep streams rows in): it opens a file too.
    auto* openAction = window.findChild<QAction*>(QStringLiteral("actionOpen"));
    openAction->setEnabled(false);
    CHECK_FALSE(compareAction->isEnabled());
    openAction->setEnabled(true);
    CHECK(compareAction->isEnabled());
    REQUIRE(controller->compareWithFile(fast));
    CHECK(window.currentFile() == fast);
    CHECK(controller->baseline()->name() == QStringLiteral("slow.json"));
    CHECK(controller->statusWidget()->text() == QStringLiteral("Baseline: slow.json"));
    REQUIRE(window.model()->rows().size() == 4);
    CHECK(window.model()->rows()[size_t(rowOf(window.model()->rows(), "graphed", 1))].step_ms_median == 0.5);
    CHECK(window.baseline()->ratioChart() == window.findChild<ChartsPanel*>()->currentWidget());

    // Every delta reads "the file chosen against the baseline": faster now is negative, its speedup gain positive.
    auto* table = window.table();
    const int change = controller->deltas()->columnOf(BaselineDeltaProxy::DeltaMedianPct);
    const int speedup = controller->deltas()->columnOf(BaselineDeltaProxy::DeltaSpeedup);
    const auto tableRow = [&](const std::string& arm, int batch) {
        const int modelRow = rowOf(window.model()->rows(), arm, batch);
        return window.tableProxy()->indexOfModelRow(modelRow).row();
    };
    CHECK(cell(*table->model(), tableRow("graphed", 1), change).toString() == QStringLiteral("-50.0%"));
    CHECK(cell(*table->model(), tableRow("graphed", 1), speedup).toString() == QStringLiteral("2.00× → 4.00× (+2.00)"));
    CHECK(cell(*table->model(), tableRow("eager", 8), change).toString() == QStringLiteral("+12.0%"));
    const auto* curves = &controller->ratioChart()->curves();
    bool sawGraphed = false;
    for (const auto& curve : *curves) {
        if (curve.arm != "graphed") continue;
        sawGraphed = true;
        CHECK(*curve.at(1) == Approx(0.5));  // below the 1.0 line: faster than the baseline
    }
    CHECK(sawGraphed);

    // The other way round: the fast session as the baseline, the slow one compared, the signs turn.
    window.findChild<QAction*>(QStringLiteral("actionSetBaseline"))->trigger();
    CHECK(controller->baseline()->name() == QStringLiteral("fast.json"));
    REQUIRE(controller->compareWithFile(slow));
    CHECK(window.currentFile() == slow);
    CHECK(cell(*table->model(), tableRow("graphed", 1), change).toString() == QStringLiteral("+100.0%"));
    CHECK(cell(*table->model(), tableRow("graphed", 1), speedup).toString() == QStringLiteral("4.00× → 2.00× (-2.00)"));

    // A file that cannot be read: the window says so, the session shown and the baseline stay.
    const QString missing = dir.filePath(QStringLiteral("no-such-session.json"));
    CHECK_FALSE(controller->compareWithFile(missing));
    CHECK(window.lastError().contains(QStringLiteral("no-such-session.json")));
    CHECK(window.currentFile() == slow);
    CHECK(controller->baseline()->name() == QStringLiteral("fast.json"));
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

    // Another session opened (File ▸ Open keeps the baseline too): compared, through the table's sorting proxy.
    REQUIRE(window.openFile(currentPath));
    CHECK(controller->baseline()->name() == QStringLiteral("resnet18-h200-session.json"));
    const auto& rows = window.model()->rows();
    int filled = 0;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (!cell(*table->model(), r, change).toString().isEmpty()) ++filled;
    }
    CHECK(filled == 4);
    CHECK(int(rows.size()) == 8);
    CHECK(controller->ratioChart()->curves().size() == 2);

    controller->statusWidget()->clearButton()->click();
    CHECK_FALSE(controller->baseline()->isSet());
    CHECK_FALSE(controller->statusWidget()->isVisible());
    CHECK(charts->count() == tabsBefore);
    CHECK(table->model()->columnCount() == MeasurementTableModel::ColumnCount);
    CHECK_FALSE(window.findChild<QAction*>(QStringLiteral("actionCompareBaseline"))->isEnabled());
}
