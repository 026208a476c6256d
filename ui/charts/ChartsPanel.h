#pragma once
// The charts as tabs over one MeasurementTableModel: speedup, step time, replays, VRAM, launch
// overhead and phases. Every tab is a view over the model's rows; the panel only wires them. Beside
// the tabs, "Series by" (SeriesBySelector) regroups every chart tab's series, those added later too.
#include "results/Measurement.h"

#include <nlohmann/json_fwd.hpp>

#include <QTabWidget>
#include <functional>
#include <vector>

namespace graphlens::ui {

class LaunchOverheadChartView;
class MeasurementTableModel;
class PhasesChartView;
class ReplaysChartView;
class SeriesBySelector;
class SpeedupChartView;
class StepTimeChartView;
class VramChartView;

class ChartsPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit ChartsPanel(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    // The rows selected in the table: every tab that is a HighlightableChart marks their points.
    void highlightRows(const std::vector<graphlens::results::Measurement>& rows);
    // Every chart tab charts only this family's series (empty: every family, up to kMaxChartedSeries).
    void setChartFamily(const QString& family);
    // The session's environment, for the drivers of its rows (Series by driver).
    void setEnvironmentSource(std::function<const nlohmann::json&()> environment);
    SeriesBySelector* seriesBy() const { return m_seriesBy; }

    SpeedupChartView* speedupChart() const { return m_speedup; }
    StepTimeChartView* stepTimeChart() const { return m_stepTime; }
    ReplaysChartView* replaysChart() const { return m_replays; }
    VramChartView* vramChart() const { return m_vram; }
    LaunchOverheadChartView* launchOverheadChart() const { return m_launch; }
    PhasesChartView* phasesChart() const { return m_phases; }

protected:
    void tabInserted(int index) override;  // a chart added later ("vs baseline") draws as the others do

private:
    void applyGrouping();

    const MeasurementTableModel* m_model = nullptr;
    SeriesBySelector* m_seriesBy = nullptr;
    QString m_family;
    SpeedupChartView* m_speedup = nullptr;
    StepTimeChartView* m_stepTime = nullptr;
    ReplaysChartView* m_replays = nullptr;
    VramChartView* m_vram = nullptr;
    LaunchOverheadChartView* m_launch = nullptr;
    PhasesChartView* m_phases = nullptr;
};

}  // namespace graphlens::ui
