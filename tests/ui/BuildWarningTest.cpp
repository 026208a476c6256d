// Figures measured by a Debug build of GraphLens are flagged wherever they are stated: the summary
// card, the report (HTML and its environment table), About This Run and the CSV's build_type
// column. The real H200 session (written before the build was recorded) reads as unknown and is
// not flagged; a copy marked as a Debug engine writes it is.
#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/AboutRunDialog.h"
#include "ui/report/BuildWarning.h"
#include "ui/report/ReportContent.h"
#include "ui/report/ReportHtml.h"
#include "ui/report/ReportWriter.h"
#include "ui/report/SummaryCardWidget.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QPalette>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace results = graphlens::results;
using namespace graphlens::ui;

namespace {

const QString kFixture = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json");

results::Session measured() { return results::readSession(kFixture.toStdString()); }

// The same session as a Debug engine (core/bench/BuildFacts.cpp) would have written it.
results::Session debugBuilt() {
    auto session = measured();
    session.environment["build_type"] = "Debug";
    session.environment["build_optimized"] = false;
    session.environment["build_assertions"] = true;
    session.environment["compiler"] = "GCC 12.2.0";
    for (auto& row : session.rows) row.build_type = "Debug";
    return session;
}

results::Session releaseBuilt() {
    auto session = measured();
    session.environment["build_type"] = "Release";
    session.environment["build_optimized"] = true;
    session.environment["build_assertions"] = false;
    for (auto& row : session.rows) row.build_type = "Release";
    return session;
}

QString fact(const ReportContent& content, const QString& label) {
    for (const auto& [name, value] : content.environment) {
        if (name == label) return value;
    }
    return {};
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

TEST_CASE("summary card: a Debug session's figures come with a warning above them", "[ui][summary][build]") {
    MeasurementTableModel model;
    SummaryCardWidget card;
    card.setModel(&model);
    model.resetData(debugBuilt().rows);
    REQUIRE_FALSE(card.buildWarning().isEmpty());
    CHECK(card.buildWarning().startsWith(QStringLiteral("Measured with a Debug build of GraphLens")));
    CHECK(card.buildWarning().contains(QStringLiteral("not representative")));
    // The warning comes first, then the sentence with the speedup it qualifies.
    const QString text = card.text();
    CHECK(text.startsWith(QStringLiteral("⚠ Not representative: Measured with a Debug build of GraphLens")));
    const auto warningAt = text.indexOf(QStringLiteral("Debug build"));
    const auto speedupAt = text.indexOf(QStringLiteral("faster at batch 8"));
    CHECK(speedupAt > warningAt);
    // In the error colour, a lighter red on a dark palette (View ▸ Theme ▸ Dark).
    const auto* label = card.findChild<QLabel*>(QStringLiteral("summaryCardText"));
    REQUIRE(label);
    CHECK(label->text().contains(QStringLiteral("color:#c0392b")));
    QPalette dark = card.palette();
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    card.setPalette(dark);
    CHECK(label->text().contains(QStringLiteral("color:#ff8a80")));

    // Release, and a session that does not say (written before the build was recorded): no warning.
    model.resetData(releaseBuilt().rows);
    CHECK(card.buildWarning().isEmpty());
    CHECK_FALSE(card.text().contains(QStringLiteral("Not representative")));
    model.resetData(measured().rows);
    CHECK(card.buildWarning().isEmpty());
    // One Debug row among Release ones is enough: the session was not measured by one build.
    auto mixed = releaseBuilt().rows;
    mixed.back().build_type = "none (unoptimised)";
    model.resetData(mixed);
    CHECK(card.buildWarning().contains(QStringLiteral("an unoptimised build (none (unoptimised))")));
}

TEST_CASE("report: a Debug session says so above the summary and in its environment", "[ui][report][build]") {
    const auto content = reportContent(debugBuilt());
    CHECK(content.buildWarning == buildWarning(std::string("Debug")));
    CHECK(fact(content, QStringLiteral("GraphLens build")) ==
          QStringLiteral("Debug (unoptimised, assertions on, GCC 12.2.0)"));
    const QString html = reportHtml(content, {});
    const auto warningAt = html.indexOf(QStringLiteral("Not representative:"));
    REQUIRE(warningAt >= 0);
    CHECK(warningAt < html.indexOf(QStringLiteral("<p class=\"sentence\">")));  // before the first figure

    // The written HTML file carries it too.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("debug-report.html"));
    QString error;
    REQUIRE(writeReport(path, debugBuilt(), &error));
    CHECK(QString::fromUtf8(readAll(path)).contains(QStringLiteral("Measured with a Debug build of GraphLens")));

    // A session that does not record its build: unknown, not Debug, and no warning.
    const auto old = reportContent(measured());
    CHECK(old.buildWarning.isEmpty());
    CHECK(fact(old, QStringLiteral("GraphLens build")) == QStringLiteral("unknown (not recorded by this session)"));
    CHECK_FALSE(reportHtml(old, {}).contains(QStringLiteral("Not representative")));
    CHECK(fact(reportContent(releaseBuilt()), QStringLiteral("GraphLens build")) ==
          QStringLiteral("Release (optimised, assertions off)"));
}

TEST_CASE("the window: a Debug session opened warns in the card, About This Run and the CSV", "[ui][window][build]") {
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("debug-session.json"));
    results::writeSession(session.toStdString(), debugBuilt());

    MainWindow window;
    REQUIRE(window.openFile(session));
    CHECK(window.summaryCard()->text().startsWith(QStringLiteral("⚠ Not representative")));

    window.findChild<QAction*>(QStringLiteral("actionAboutRun"))->trigger();
    auto* about = window.findChild<AboutRunDialog*>(QStringLiteral("aboutRunDialog"));
    REQUIRE(about);
    CHECK(about->text().contains(QStringLiteral("Measured with a Debug build of GraphLens")));
    CHECK(about->text().contains(QStringLiteral("GraphLens build")));
    about->close();

    const QString csv = dir.filePath(QStringLiteral("debug.csv"));
    REQUIRE(window.exportCsv(csv));
    const QString text = QString::fromUtf8(readAll(csv));
    CHECK(text.startsWith(QStringLiteral("session_id,graphlens_version,build_type,")));
    const auto back = results::readCsv(csv.toStdString());
    REQUIRE_FALSE(back.empty());
    for (const auto& row : back) CHECK(row.build_type == "Debug");
}
