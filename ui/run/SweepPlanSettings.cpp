#include "ui/run/SweepPlanSettings.h"

#include "ui/UiLogging.h"

#include <QFile>
#include <QSettings>
#include <utility>

namespace graphlens::ui {

QString SweepPlanSettings::key() {
    return QStringLiteral("sweep/lastPlan");
}

results::SweepPlan SweepPlanSettings::preset() {
    QFile file(QStringLiteral(":/presets/default-sweep.json"));
    try {
        if (file.open(QIODevice::ReadOnly)) {
            return results::sweepPlanFromJson(nlohmann::json::parse(file.readAll().toStdString()),
                                              "default-sweep.json");
        }
    } catch (const std::exception& error) {
        qCWarning(lcUiSweep) << "default preset unreadable:" << error.what();
    }
    return {};  // SweepPlan's own defaults match the preset
}

results::SweepPlan SweepPlanSettings::restore(QSettings* settings, bool* restored) {
    *restored = false;
    if (!settings || !settings->contains(key())) return preset();
    const QString saved = settings->value(key()).toString();
    try {
        auto plan = results::sweepPlanFromJson(nlohmann::json::parse(saved.toStdString()), "saved settings");
        // save() keeps no output path; one found here was put there by hand or by another program,
        // and a run must write only where the window says it writes.
        plan.csv.clear();
        plan.json.clear();
        plan.autosave.clear();
        plan.trace.clear();
        if (const auto error = results::validateSweepPlan(plan); error.empty()) {
            *restored = true;
            return plan;
        } else {
            qCWarning(lcUiSweep) << "saved sweep settings ignored:" << error.c_str();
        }
    } catch (const std::exception& error) {
        qCWarning(lcUiSweep) << "saved sweep settings unreadable:" << error.what();
    }
    return preset();
}

void SweepPlanSettings::save(QSettings* settings, results::SweepPlan plan) {
    plan.csv.clear();
    plan.json.clear();
    plan.autosave.clear();
    plan.trace.clear();
    settings->setValue(key(), QString::fromStdString(results::toJson(plan).dump()));
    settings->sync();
}

}  // namespace graphlens::ui
