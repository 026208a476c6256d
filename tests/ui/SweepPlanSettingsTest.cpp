// The sweep form's last plan, kept in the settings between sessions: restored as saved, output paths
// never taken from the settings file (a run writes only where the window says it writes).
#include "results/SweepPlan.h"
#include "ui/run/SweepPlanSettings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using graphlens::ui::SweepPlanSettings;

TEST_CASE("a saved sweep plan comes back without any output path, even one written into the file",
          "[ui][settings][security]") {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("graphlens.ini")), QSettings::IniFormat);
    graphlens::results::SweepPlan plan;
    plan.family = "resnet18";
    plan.batches = {2, 4};
    SweepPlanSettings::save(&settings, plan);

    auto saved = nlohmann::json::parse(settings.value(SweepPlanSettings::key()).toString().toStdString());
    saved["csv"] = "/etc/cron.d/graphlens.csv";  // as another program could write it
    saved["trace"] = "../../outside.trace.json";
    settings.setValue(SweepPlanSettings::key(), QString::fromStdString(saved.dump()));

    bool restored = false;
    const auto back = SweepPlanSettings::restore(&settings, &restored);
    REQUIRE(restored);
    CHECK(back.batches == std::vector<int>{2, 4});
    CHECK(back.csv.empty());
    CHECK(back.trace.empty());
    CHECK(back.json.empty());
    CHECK(back.autosave.empty());
}
