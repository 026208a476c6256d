// The summary card's sentences: hand-built synthetic rows (TestRows, labelled "synthetic device"
// here so no sentence claims real hardware) and the real H200 infer+train session.
#include "TestRows.h"
#include "results/Session.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/SummaryCard.h"
#include "ui/report/SummaryCardWidget.h"

#include <QLabel>
#include <catch2/catch.hpp>

using graphlens::ui::summarySentences;
namespace results = graphlens::results;
using namespace graphlens::ui::test;

namespace {

const std::string kDevice = "synthetic device";

results::Measurement* find(std::vector<results::Measurement>& rows, const char* arm, int batch) {
    for (auto& row : rows) {
        if (row.arm == arm && row.batch == batch) return &row;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("summary names the best batch and where the gain falls", "[ui][summary]") {
    const auto sentences = summarySentences(threeBatchSweep(), kDevice);
    REQUIRE(sentences.size() == 1);
    CHECK(sentences.front().toStdString() ==
          "Graphs make resnet18 inference steps 2.1× faster at batch 1 in fp16 on synthetic device, the largest "
          "gain of 3 batch sizes; the gain falls to 1.05× at batch 32; VRAM +36 MiB (+89%) at batch 1.");
}

TEST_CASE("summary says when the gain grows with batch size", "[ui][summary]") {
    auto rows = threeBatchSweep();
    find(rows, "graphed", 1)->speedup = 1.1;
    find(rows, "graphed", 32)->speedup = 1.8;
    const auto sentence = summarySentences(rows, kDevice).front();
    CHECK(sentence.contains(QStringLiteral("1.8× faster at batch 32")));
    CHECK(sentence.contains(QStringLiteral("the gain grows with batch size, from 1.1× at batch 1")));
}

TEST_CASE("summary flags noisy rows and leaves calm ones alone", "[ui][summary]") {
    auto rows = threeBatchSweep();
    find(rows, "eager", 8)->step_ms_iqr_pct = 9.9;  // at the threshold's calm side: not mentioned
    CHECK_FALSE(summarySentences(rows, kDevice).front().contains(QStringLiteral("noisy")));
    find(rows, "graphed", 32)->step_ms_round_spread_pct = 12.4;
    CHECK(summarySentences(rows, kDevice).front().endsWith(
        QStringLiteral("(noisy: rounds spread 12%, graphed arm at batch 32).")));
}

TEST_CASE("summary names refused and failed graphed rows with their reason, never a speedup", "[ui][summary]") {
    auto rows = threeBatchSweep();
    auto refused = graphedRow(64, 0, 0);
    refused.status = "refused";
    refused.message = "parity mismatch 0.0039";
    refused.speedup.reset();
    refused.step_ms_median.reset();
    rows.push_back(eagerRow(64, 20.0));
    rows.push_back(refused);
    auto sentence = summarySentences(rows, kDevice).front();
    CHECK(sentence.contains(QStringLiteral("the graphed arm was refused at batch 64 (parity mismatch 0.0039)")));
    CHECK(sentence.contains(QStringLiteral("2.1× faster at batch 1")));
    CHECK(sentence.contains(QStringLiteral("falls to 1.05× at batch 32")));  // 64 is no point of the curve

    // Only a refused graphed arm: the sentence says why there is no figure and shows no ×.
    auto oom = graphedRow(8, 0, 0);
    oom.status = "oom";
    oom.message = "CUDA out of memory\nTried to allocate 2.00 GiB";
    oom.speedup.reset();
    const auto only = summarySentences({eagerRow(8, 3.0), oom}, kDevice);
    REQUIRE(only.size() == 1);
    CHECK(only.front().toStdString() ==
          "Graphs give no speedup figure for resnet18 inference steps in fp16 on synthetic device: the graphed "
          "arm ran out of memory at batch 8 (CUDA out of memory).");
    CHECK_FALSE(only.front().contains(QStringLiteral("×")));
}

TEST_CASE("summary of nothing says there is nothing to summarise yet", "[ui][summary]") {
    const auto empty = summarySentences({}, kDevice);
    REQUIRE(empty.size() == 1);
    CHECK(empty.front().startsWith(QStringLiteral("Nothing to summarise yet")));
    // Profiled rows alone are no timed figures either.
    auto profiled = threeBatchSweep();
    for (auto& row : profiled) row.pass = "profiled";
    CHECK(summarySentences(profiled, kDevice) == empty);
    // Eager only (a machine without CUDA): timed, but nothing to compare.
    CHECK(summarySentences({eagerRow(8, 3.0)}, kDevice).front().startsWith(QStringLiteral("Only the eager arm")));
}

TEST_CASE("summary gives one sentence per training graph scope", "[ui][summary]") {
    const auto sentences = summarySentences(twoScopeTraining());  // device from the rows: "synthetic"
    REQUIRE(sentences.size() == 2);
    CHECK(sentences[0].toStdString() ==
          "Graphs make resnet18 training steps (network scope) 1.2× faster at batch 8 in amp-fp16 on synthetic; "
          "VRAM +64 MiB (+20%).");
    CHECK(sentences[1].toStdString() ==
          "Graphs make resnet18 training steps (step scope) 1.6× faster at batch 8 in amp-fp16 on synthetic; "
          "VRAM +96 MiB (+30%).");
}

TEST_CASE("summary of the real H200 infer+train session", "[ui][summary][fixture]") {
    const auto session = results::readSession(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json");
    const auto sentences = summarySentences(session.rows);
    REQUIRE(sentences.size() == 3);
    CHECK(sentences[0].toStdString() ==
          "Graphs make resnet18 inference steps 2.5× faster at batch 8 in fp16 on NVIDIA H200; VRAM +0 MiB (+0%); "
          "graphed outputs are bit-identical to eager.");
    // The eager network-scope row's within-round IQR is 11.6%: said, not hidden.
    CHECK(sentences[1].toStdString() ==
          "Graphs make resnet18 training steps (network scope) 3.9× faster at batch 8 in amp-fp16 on NVIDIA H200; "
          "VRAM +156 MiB (+39%) (noisy: within-round IQR 12%).");
    CHECK(sentences[2].toStdString() ==
          "Graphs make resnet18 training steps (step scope) 3.7× faster at batch 8 in amp-fp16 on NVIDIA H200; "
          "VRAM +68 MiB (+16%).");
}

TEST_CASE("summary card widget follows the model", "[ui][summary]") {
    graphlens::ui::MeasurementTableModel model;
    graphlens::ui::SummaryCardWidget card;
    card.setModel(&model);
    REQUIRE(card.sentences().size() == 1);
    CHECK(card.sentences().front().startsWith(QStringLiteral("Nothing to summarise yet")));
    model.resetData(twoScopeTraining());
    CHECK(card.sentences().size() == 2);
    model.appendRow(eagerRow(8, 3.0));  // a new phase streams in
    // A hidden card does not redraw for streamed rows; it catches up when it is shown.
    CHECK(card.sentences().size() == 2);
    card.show();
    CHECK(card.sentences().size() == 3);
    const auto* text = card.findChild<QLabel*>(QStringLiteral("summaryCardText"));
    REQUIRE(text);
    CHECK(text->text().contains(QStringLiteral("(step scope) 1.6× faster")));
}
