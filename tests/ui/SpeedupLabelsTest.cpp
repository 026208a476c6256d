// The speedup chart's value labels ("2.65×") must each be readable: close curves at a batch once
// printed theirs on top of each other (the 2026-12-04 H200 release session: "2.65×", "2.58×" and
// "2.55×" at batch 8, "1.53×" and "1.57×" at batch 32). Each case lays the chart out at a real size
// and checks that no two shown labels' scene rectangles intersect, and which labels are shown.
#include "TestRows.h"
#include "results/Session.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/ValueLabelsItem.h"
#include "ui/models/MeasurementTableModel.h"

#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const char* const kRelease = GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-release-infer-train-session.json";

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// The speedup chart over `rows`, laid out at `size` and painted offscreen (as the report does).
struct Laid {
    MeasurementTableModel model;
    SpeedupChartView view;
    Laid(const std::vector<results::Measurement>& rows, QSize size) {
        model.resetData(rows);
        view.setModel(&model);
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.resize(size);
        view.show();
        settle();
        view.grab();  // paint once, as an export does
    }
};

// Every pair of shown labels that intersect, named for the failure message.
std::vector<std::string> overlaps(const std::vector<ValueLabelsItem::Shown>& labels) {
    std::vector<std::string> found;
    for (size_t i = 0; i < labels.size(); ++i) {
        for (size_t j = i + 1; j < labels.size(); ++j) {
            if (labels[i].sceneRect.intersects(labels[j].sceneRect)) {
                found.push_back(labels[i].text.toStdString() + " over " + labels[j].text.toStdString());
            }
        }
    }
    return found;
}

std::vector<std::string> texts(const std::vector<ValueLabelsItem::Shown>& labels) {
    std::vector<std::string> out;
    for (const auto& label : labels) out.push_back(label.text.toStdString());
    std::sort(out.begin(), out.end());
    return out;
}

// Three inference curves (precisions) with speedups 0.01 apart at batches 1, 8 and 32: synthetic figures.
std::vector<results::Measurement> threeCloseCurves() {
    std::vector<results::Measurement> rows;
    const char* precisions[] = {"fp16", "bf16", "fp32"};
    for (int c = 0; c < 3; ++c) {
        for (int batch : {1, 8, 32}) {
            auto eager = test::eagerRow(batch, 2.0 * batch);
            auto graphed = test::graphedRow(batch, 1.0 * batch, 2.0 + 0.01 * c);
            eager.precision = graphed.precision = precisions[c];
            eager.device = graphed.device = "synthetic";
            rows.push_back(eager);
            rows.push_back(graphed);
        }
    }
    return rows;
}

}  // namespace

TEST_CASE("speedup labels of close curves at one batch do not overlap (H200 release session)", "[ui][chart][labels]") {
    const auto rows = results::readAnyResultsFile(kRelease).rows;
    // The window's chart tab, the screenshot tool's size and a report's chart size.
    for (const QSize size : {QSize(1100, 620), QSize(1000, 560), QSize(760, 420)}) {
        CAPTURE(size.width(), size.height());
        Laid f(rows, size);
        REQUIRE(f.view.curves().size() == 3);
        const auto shown = f.view.valueLabels()->shown();
        CAPTURE(overlaps(shown));
        CHECK(overlaps(shown).empty());
        // There is room for all nine: each point keeps its label, with the value the tooltip gives.
        std::vector<std::string> expected;
        for (const auto& curve : f.view.curves()) {
            for (const auto& p : curve.points) expected.push_back(QString::number(p.speedup, 'f', 2).toStdString() + "×");
        }
        std::sort(expected.begin(), expected.end());
        CHECK(texts(shown) == expected);
        for (const auto& label : shown) CHECK(f.view.chart()->sceneBoundingRect().contains(label.sceneRect));
    }
}

TEST_CASE("speedup labels stay apart with a leader when curves are almost equal", "[ui][chart][labels]") {
    Laid f(threeCloseCurves(), QSize(900, 500));
    REQUIRE(f.view.curves().size() == 3);
    const auto shown = f.view.valueLabels()->shown();
    CAPTURE(overlaps(shown));
    CHECK(overlaps(shown).empty());
    REQUIRE(shown.size() == 9);  // all fit: three per batch, stacked
    int moved = 0;
    for (const auto& label : shown) {
        moved += label.moved ? 1 : 0;
        // Still beside its own point: no further away than the stack of three is tall.
        CHECK(std::abs(label.sceneRect.center().y() - label.scenePoint.y()) <= 2 * label.sceneRect.height() + 4);
    }
    CHECK(moved >= 6);  // at each batch the outer two move off their point's height
}

TEST_CASE("speedup labels that cannot fit are left out, never drawn over another", "[ui][chart][labels]") {
    Laid f(threeCloseCurves(), QSize(420, 150));  // a plot only a few labels tall
    const auto shown = f.view.valueLabels()->shown();
    CAPTURE(overlaps(shown));
    CHECK(overlaps(shown).empty());
    CHECK(shown.size() < 9);
}

TEST_CASE("a curve hidden in the legend takes its speedup labels with it", "[ui][chart][labels]") {
    Laid f(threeCloseCurves(), QSize(900, 500));
    QLineSeries* first = nullptr;
    for (auto* series : f.view.chart()->series()) {
        if (!first) first = qobject_cast<QLineSeries*>(series);
    }
    REQUIRE(first);
    first->setVisible(false);
    settle();
    CHECK(f.view.valueLabels()->shown().size() == 6);
}
