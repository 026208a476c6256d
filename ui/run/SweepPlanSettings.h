#pragma once
// The plan the sweep panel starts from: the last run's, kept in QSettings as JSON, or the default
// preset (resources/presets/default-sweep.json) when none is kept or the kept one no longer validates.
#include "results/SweepPlan.h"

#include <QString>

class QSettings;

namespace graphlens::ui {

class SweepPlanSettings {
public:
    static QString key();  // where the last plan is kept (its JSON as a string)
    static results::SweepPlan preset();
    // The kept plan when it still validates (`restored` true), else the preset. A value written by an
    // older or newer GraphLens, or edited by hand, is ignored with a warning on graphlens.ui.sweep.
    static results::SweepPlan restore(QSettings* settings, bool* restored);
    // Keeps `plan` without its output paths: where one run's files went is not a setting for the next.
    static void save(QSettings* settings, results::SweepPlan plan);
};

}  // namespace graphlens::ui
