// "Where the saved time went" follows the row selected in the results table, in a session opened
// without a trace. Over the synthetic fixtures advisor-synthetic-session.json and
// advisor-synthetic-advise-session.json (invented figures, not measurements: fixtures/README.md).
#include "ui/MainWindow.h"
#include "ui/charts/GraphedTwin.h"
#include "ui/charts/SavedTimeWaterfallView.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/timeline/TimelinePanel.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const char* const kAdvisor = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-session.json";
const char* const kAdvise = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-advise-session.json";

int modelRowOf(const MainWindow& window, const char* arm, int batch) {
    const auto& rows = window.model()->rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].arm == arm && rows[i].batch == batch && rows[i].pass == "timed") return int(i);
    }
    return -1;
}

// Selects the row as a click in the table does: through the table's proxies.
void selectRow(MainWindow& window, const char* arm, int batch) {
    const int modelRow = modelRowOf(window, arm, batch);
    REQUIRE(modelRow >= 0);
    const QModelIndex shown = window.tableProxy()->indexOfModelRow(modelRow);
    REQUIRE(shown.isValid());
    window.table()->selectRow(shown.row());
}

}  // namespace

TEST_CASE("an eager row's graphed twin is its configuration's timed graphed row", "[ui][advisor][waterfall]") {
    MainWindow window;
    REQUIRE(window.openFile(QString::fromUtf8(kAdvisor)));
    const auto& rows = window.model()->rows();
    const auto* twin = graphedTwinOf(rows, rows[std::size_t(modelRowOf(window, "eager", 1))]);
    REQUIRE(twin);
    CHECK(twin == &rows[std::size_t(modelRowOf(window, "graphed", 1))]);
    CHECK(graphedTwinOf(rows, *twin) == twin);
    auto other = *twin;
    other.batch = 2;  // no such configuration
    CHECK(graphedTwinOf(rows, other) == nullptr);
}

TEST_CASE("without a trace, the waterfall explains the row selected in the table", "[ui][window][advisor][waterfall]") {
    MainWindow window;
    REQUIRE(window.openFile(QString::fromUtf8(kAdvisor)));
    auto* waterfall = window.timelinePanel()->waterfall();
    REQUIRE_FALSE(window.timelinePanel()->hasTrace());
    // Nothing selected: the headline row (batch 8, the largest measured speedup), as the report does.
    CHECK_FALSE(waterfall->isHidden());
    CHECK(waterfall->showsChart());
    CHECK(waterfall->waterfall().batch == 8);

    // An eager row stands for its configuration: the graphed row of batch 1 is explained.
    selectRow(window, "eager", 1);
    CHECK(waterfall->waterfall().batch == 1);
    CHECK(waterfall->showsChart());
    // A graphed row without explain figures: its reason instead of a chart.
    selectRow(window, "graphed", 32);
    CHECK(waterfall->waterfall().batch == 32);
    CHECK_FALSE(waterfall->showsChart());
    CHECK_FALSE(waterfall->emptyStateLabel()->text().isEmpty());
    // Nothing selected again: back to the headline row.
    window.table()->clearSelection();
    CHECK(waterfall->waterfall().batch == 8);
}

TEST_CASE("a selected row with no graphed twin says why in the waterfall", "[ui][window][advisor][waterfall]") {
    MainWindow window;
    REQUIRE(window.openFile(QString::fromUtf8(kAdvise)));  // the eager arm only
    auto* waterfall = window.timelinePanel()->waterfall();
    CHECK(waterfall->isHidden());  // nothing to explain until a row is asked about
    selectRow(window, "eager", 8);
    CHECK_FALSE(waterfall->isHidden());
    CHECK_FALSE(waterfall->showsChart());
    CHECK(waterfall->emptyStateLabel()->text().contains(QStringLiteral("No graphed row")));
}

TEST_CASE("a session from before the advisor: the waterfall waits for a row, then says it has no figures",
          "[ui][window][advisor][waterfall]") {
    MainWindow window;  // a real H200 session, measured before explain_* columns existed
    REQUIRE(window.openFile(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json")));
    auto* waterfall = window.timelinePanel()->waterfall();
    CHECK(waterfall->isHidden());  // no headline row to explain: the how-to keeps the width
    selectRow(window, "graphed", 8);
    CHECK_FALSE(waterfall->isHidden());
    CHECK(waterfall->waterfall().batch == 8);
    CHECK(waterfall->emptyStateLabel()->text().contains(QStringLiteral("no explain_* figures")));
}
