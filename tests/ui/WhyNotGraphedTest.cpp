// "Why not graphed": the panel over one refused row, the panel beside the window's table following a
// real selection, the table's refusal columns and the report's clause. Over the synthetic fixture
// refusal-synthetic-session.json (invented figures and a hand-written diagnosis, not a measurement:
// fixtures/README.md) and rows made here.
#include "TestRows.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/RefusalExplanation.h"
#include "ui/charts/WhyNotGraphedPanel.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/report/ReportContent.h"
#include "ui/report/ReportHtml.h"
#include "ui/report/SummaryCard.h"

#include <QCoreApplication>
#include <QLabel>
#include <QTableView>
#include <QTest>
#include <catch2/catch.hpp>

namespace results = graphlens::results;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

const char* const kRefusal = GRAPHLENS_UI_FIXTURE_DIR "/refusal-synthetic-session.json";
const char* const kNoRefusal = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-session.json";

const QString kCall = QStringLiteral(
    "cudaStreamSynchronize returned cudaErrorStreamCaptureUnsupported (operation not permitted when stream is "
    "capturing) on the capturing thread");
const QString kAdvice = QStringLiteral("run head.nms eagerly after the graph: split the model before head.nms");

// A refused graphed row as the capture diagnosis fills it (made-up figures around it).
results::Measurement refusedRow(int batch) {
    auto row = graphedRow(batch, 0, 0);
    row.speedup.reset();
    row.step_ms_median.reset();
    row.status = "refused";
    row.message = "refused: capture failed at aten::nonzero in head.nms (cudaStreamSynchronize refused during capture)";
    row.refusal_kind = "capture-failed";
    row.refusal_call = kCall.toStdString();
    row.refusal_op = "aten::item > aten::_local_scalar_dense";
    row.refusal_module = "head.nms";
    row.refusal_advice = kAdvice.toStdString();
    return row;
}

struct PanelOver {
    std::vector<results::Measurement> rows;
    WhyNotGraphedPanel panel;
    explicit PanelOver(std::vector<results::Measurement> r) : rows(std::move(r)) {
        panel.setRowSource([this]() -> const std::vector<results::Measurement>& { return rows; });
    }
};

int modelRowOf(const MainWindow& window, const char* family, const char* arm, int batch) {
    const auto& rows = window.model()->rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].family == family && rows[i].arm == arm && rows[i].batch == batch && rows[i].pass == "timed") {
            return int(i);
        }
    }
    return -1;
}

// Selects the row as a click in the table does: through the table's proxies.
void selectRow(MainWindow& window, const char* family, const char* arm, int batch) {
    const int modelRow = modelRowOf(window, family, arm, batch);
    REQUIRE(modelRow >= 0);
    const QModelIndex shown = window.tableProxy()->indexOfModelRow(modelRow);
    REQUIRE(shown.isValid());
    window.table()->selectRow(shown.row());
}

}  // namespace

TEST_CASE("why not graphed: a refused row's kind, call, operator, module, advice and message", "[ui][refusal]") {
    PanelOver over({eagerRow(8, 2.9), refusedRow(8)});
    auto& panel = over.panel;
    panel.explainSelection({over.rows[1]});
    REQUIRE(panel.showsRefusal());
    CHECK(panel.kindLabel()->text() == QStringLiteral("The capture failed"));
    CHECK(panel.callLabel()->text() == kCall);
    CHECK(panel.operatorLabel()->text() == QStringLiteral("aten::item > aten::_local_scalar_dense"));
    CHECK(panel.moduleLabel()->text() == QStringLiteral("head.nms"));
    CHECK(panel.adviceLabel()->text() == QStringLiteral("What to do: ") + kAdvice);
    CHECK(panel.messageLabel()->text().startsWith(QStringLiteral("refused: capture failed at aten::nonzero in head.nms")));
    for (QLabel* label : {panel.kindLabel(), panel.callLabel(), panel.operatorLabel(), panel.moduleLabel(),
                          panel.adviceLabel(), panel.messageLabel()}) {
        INFO(label->objectName().toStdString());
        CHECK_FALSE(label->isHidden());
        CHECK(label->textInteractionFlags().testFlag(Qt::TextSelectableByMouse));  // the module path is copied
        CHECK(label->textFormat() == Qt::PlainText);  // "aten::item > …" is no markup
    }
    CHECK(panel.placeholderLabel()->isHidden());
    // The advice stands apart from the facts: its own bar and tint.
    CHECK(panel.adviceLabel()->styleSheet().contains(QStringLiteral("border-left")));
    const QString text = panel.text();
    CHECK(text.startsWith(QStringLiteral("Why not graphed\n")));
    CHECK(text.contains(QStringLiteral("Call: ") + kCall));
    CHECK(text.contains(QStringLiteral("Operator: aten::item > aten::_local_scalar_dense")));
    CHECK(text.contains(QStringLiteral("Module: head.nms")));
    CHECK(text.contains(QStringLiteral("resnet18, infer, batch 8, fp16")));
}

TEST_CASE("why not graphed: an ok row gets the placeholder, its eager twin the refusal", "[ui][refusal]") {
    auto okGraphed = graphedRow(1, 0.7, 2.1);
    PanelOver over({eagerRow(1, 1.5), okGraphed, eagerRow(8, 2.9), refusedRow(8)});
    auto& panel = over.panel;
    panel.explainSelection({okGraphed});
    CHECK_FALSE(panel.showsRefusal());
    CHECK_FALSE(panel.isHidden());  // the session has a refused row: the panel keeps its place
    CHECK_FALSE(panel.placeholderLabel()->isHidden());
    CHECK(panel.placeholderLabel()->text().startsWith(QStringLiteral("The selected row was not refused")));
    CHECK(panel.placeholderLabel()->text().contains(QStringLiteral("One graphed row of this session was refused")));
    for (QLabel* label : {panel.kindLabel(), panel.callLabel(), panel.moduleLabel(), panel.adviceLabel()}) {
        CHECK(label->isHidden());
        CHECK(label->text().isEmpty());
    }
    CHECK(panel.text() == WhyNotGraphedPanel::title() + QLatin1Char('\n') + panel.placeholderLabel()->text());
    // An eager row stands for its configuration's graphed row, which was refused at batch 8.
    panel.explainSelection({over.rows[2]});
    REQUIRE(panel.showsRefusal());
    CHECK(panel.moduleLabel()->text() == QStringLiteral("head.nms"));
    // Nothing selected: the session's first refused row, as the waterfall shows its headline row.
    panel.explainSelection({});
    CHECK(panel.showsRefusal());
}

TEST_CASE("why not graphed: a refusal without a diagnosis keeps its message and says why", "[ui][refusal]") {
    auto old = refusedRow(8);
    old.refusal_kind = old.refusal_call = old.refusal_op = old.refusal_module = old.refusal_advice = "";
    old.message = "graphed arm refused: parity check mismatch: output 0 differs (max abs diff 0.0039)";
    PanelOver over({eagerRow(8, 2.9), old});
    auto& panel = over.panel;
    panel.explainSelection({old});
    REQUIRE(panel.showsRefusal());
    CHECK(panel.messageLabel()->text() == QString::fromStdString(old.message));
    CHECK_FALSE(panel.messageLabel()->isHidden());
    CHECK(panel.kindLabel()->isHidden());
    CHECK(panel.callLabel()->isHidden());
    CHECK(panel.adviceLabel()->isHidden());
    CHECK(panel.text().contains(QStringLiteral(
        "No capture diagnosis in this session (measured without CUPTI, or by an older GraphLens).")));
}

TEST_CASE("why not graphed: each kind in words, and a mismatch shows only the lines it has", "[ui][refusal]") {
    CHECK(RefusalExplanation::kindInWords("capture-failed") == QStringLiteral("The capture failed"));
    CHECK(RefusalExplanation::kindInWords("mismatch") == QStringLiteral("The replay differs from eager"));
    CHECK(RefusalExplanation::kindInWords("random-draws") == QStringLiteral("Replays draw new random numbers (by design)"));
    CHECK(RefusalExplanation::kindInWords("state-across-calls") == QStringLiteral("The model keeps state across calls"));
    CHECK(RefusalExplanation::kindInWords("").isEmpty());

    auto mismatch = refusedRow(8);
    mismatch.refusal_kind = "mismatch";
    mismatch.refusal_call = mismatch.refusal_op = "";  // a replay that differs made no failed call
    mismatch.refusal_module = "backbone.layer3.1.bn2";
    mismatch.refusal_advice = "keep backbone.layer3.1.bn2 eager: its replayed output differs from eager";
    PanelOver over({mismatch});
    over.panel.explainSelection({mismatch});
    REQUIRE(over.panel.showsRefusal());
    CHECK(over.panel.kindLabel()->text() == QStringLiteral("The replay differs from eager"));
    CHECK(over.panel.callLabel()->isHidden());
    CHECK(over.panel.operatorLabel()->isHidden());
    CHECK_FALSE(over.panel.moduleLabel()->isHidden());
    CHECK_FALSE(over.panel.text().contains(QStringLiteral("Call:")));
    CHECK_FALSE(over.panel.text().contains(QStringLiteral("No capture diagnosis")));
}

TEST_CASE("why not graphed follows the row selected in the window's table", "[ui][window][refusal]") {
    MainWindow window;
    auto* panel = window.whyNotGraphedPanel();
    REQUIRE(panel);
    CHECK(panel->isHidden());  // a fresh window has no rows
    REQUIRE(window.openFile(QString::fromUtf8(kRefusal)));
    CHECK_FALSE(panel->isHidden());
    // Nothing selected: the session's first refused row (synthdet, batch 1).
    REQUIRE(panel->showsRefusal());
    CHECK(panel->explanation()->row.startsWith(QStringLiteral("synthdet, infer, batch 1")));

    selectRow(window, "synthdet", "graphed", 8);
    REQUIRE(panel->showsRefusal());
    CHECK(panel->explanation()->row.startsWith(QStringLiteral("synthdet, infer, batch 8")));
    CHECK(panel->kindLabel()->text() == QStringLiteral("The capture failed"));
    CHECK(panel->callLabel()->text() == kCall);
    CHECK(panel->operatorLabel()->text() == QStringLiteral("aten::index > aten::nonzero"));
    CHECK(panel->moduleLabel()->text() == QStringLiteral("head.nms"));
    CHECK(panel->adviceLabel()->text().contains(kAdvice));
    CHECK(panel->messageLabel()->text().contains(QStringLiteral("capture failed at aten::nonzero in head.nms")));

    // A row that graphed fine: the placeholder, in the same place.
    selectRow(window, "synthnet", "graphed", 8);
    CHECK_FALSE(panel->showsRefusal());
    CHECK_FALSE(panel->isHidden());
    CHECK(panel->placeholderLabel()->text().contains(QStringLiteral("2 graphed rows of this session were refused")));

    // The eager row of a refused configuration stands for its graphed row.
    selectRow(window, "synthdet", "eager", 1);
    REQUIRE(panel->showsRefusal());
    CHECK(panel->explanation()->row.startsWith(QStringLiteral("synthdet, infer, batch 1")));

    window.table()->clearSelection();
    CHECK(panel->showsRefusal());
}

TEST_CASE("why not graphed takes no space in a session without a refused row", "[ui][window][refusal]") {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    auto* panel = window.whyNotGraphedPanel();
    REQUIRE(window.openFile(QString::fromUtf8(kRefusal)));
    QCoreApplication::processEvents();
    CHECK(panel->isVisible());
    CHECK(panel->width() > 0);
    const int tableBeside = window.table()->width();

    REQUIRE(window.openFile(QString::fromUtf8(kNoRefusal)));
    QCoreApplication::processEvents();
    CHECK(panel->isHidden());
    CHECK_FALSE(panel->showsRefusal());
    CHECK(window.table()->width() > tableBeside);  // the table took the panel's width back
    selectRow(window, "synthnet", "graphed", 8);
    CHECK(panel->isHidden());  // a selection does not bring it back without a refused row
}

TEST_CASE("why not graphed appears when a sweep streams in a refused row", "[ui][window][refusal]") {
    MainWindow window;
    auto* panel = window.whyNotGraphedPanel();
    window.model()->appendRow(eagerRow(8, 2.9));
    window.model()->appendRow(graphedRow(8, 1.4, 2.07));
    QTest::qWait(2 * RedrawSchedule::kStreamIntervalMs);
    CHECK(panel->isHidden());
    window.model()->appendRow(refusedRow(32));
    CHECK(QTest::qWaitFor([&] { return !panel->isHidden(); }, 2000));
    REQUIRE(panel->showsRefusal());
    CHECK(panel->explanation()->row.contains(QStringLiteral("batch 32")));
}

TEST_CASE("table model: the refusal columns of a refused row", "[ui][model][refusal]") {
    MeasurementTableModel model;
    model.resetData({eagerRow(8, 2.9), refusedRow(8)});
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.data(model.index(row, column), role).toString();
    };
    CHECK(cell(1, MeasurementTableModel::RefusalKind) == QStringLiteral("capture-failed"));
    CHECK(cell(1, MeasurementTableModel::RefusalCall) == kCall);
    CHECK(cell(1, MeasurementTableModel::RefusalOp) == QStringLiteral("aten::item > aten::_local_scalar_dense"));
    CHECK(cell(1, MeasurementTableModel::RefusalModule) == QStringLiteral("head.nms"));
    CHECK(cell(1, MeasurementTableModel::RefusalAdvice) == kAdvice);
    CHECK(cell(0, MeasurementTableModel::RefusalKind).isEmpty());
    // The long call reads whole in its own tooltip; the row's other cells keep the message.
    CHECK(cell(1, MeasurementTableModel::RefusalCall, Qt::ToolTipRole) == kCall);
    CHECK(cell(1, MeasurementTableModel::Family, Qt::ToolTipRole) == QString::fromStdString(model.rows()[1].message));
    CHECK(model.headerData(MeasurementTableModel::RefusalModule, Qt::Horizontal).toString() ==
          QStringLiteral("Refused in module"));
    CHECK(model.headerData(MeasurementTableModel::RefusalAdvice, Qt::Horizontal, Qt::ToolTipRole)
              .toString()
              .startsWith(QStringLiteral("refused graphed rows: what to do")));
    CHECK(model.headerData(MeasurementTableModel::Message, Qt::Horizontal).toString() == QStringLiteral("Message"));
}

TEST_CASE("report: a refused row's kind, module and advice in the summary", "[ui][report][refusal]") {
    const auto session = results::readSession(kRefusal);
    const auto content = reportContent(session);
    const QString summary = content.summary.join(QLatin1Char('\n'));
    INFO(summary.toStdString());
    CHECK(summary.contains(QStringLiteral(
        "the graphed arm was refused at batches 1 and 8 (the capture failed in head.nms; what to do: run head.nms "
        "eagerly after the graph: split the model before head.nms (its boolean-mask indexing needs the box count "
        "on the host))")));
    const QString html = reportHtml(content, {/*inlineImages=*/false, /*imageWidth=*/0});
    CHECK(html.contains(QStringLiteral("what to do: run head.nms eagerly after the graph")));

    // Without a diagnosis the clause keeps the row's message, as before.
    auto rows = session.rows;
    for (auto& row : rows) row.refusal_kind = row.refusal_call = row.refusal_op = row.refusal_module = row.refusal_advice = "";
    const QString plain = summarySentences(rows).join(QLatin1Char('\n'));
    CHECK(plain.contains(QStringLiteral("(refused: capture failed at aten::nonzero in head.nms")));
    CHECK_FALSE(plain.contains(QStringLiteral("what to do")));
}
