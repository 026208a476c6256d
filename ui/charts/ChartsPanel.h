#pragma once
// The charts as tabs over one MeasurementTableModel: speedup, step time, replays, VRAM, launch
// overhead and phases. Every tab is a view over the model's rows; the panel only wires them.
#include "results/Measurement.h"

#include <QTabWidget>
#include <vector>

namespace graphlens::ui {

class LaunchOverheadChartView;
class MeasurementTableModel;
class PhasesChartView;
class ReplaysChartView;
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

    SpeedupChartView* speedupChart() const { return m_speedup; }
    StepTimeChartView* stepTimeChart() const { return m_stepTime; }
    ReplaysChartView* replaysChart() const { return m_replays; }
    VramChartView* vramChart() const { return m_vram; }
    LaunchOverheadChartView* launchOverheadChart() const { return m_launch; }
    PhasesChartView* phasesChart() const { return m_phases; }

private:
    SpeedupChartView* m_speedup = nullptr;
    StepTimeChartView* m_stepTime = nullptr;
    ReplaysChartView* m_replays = nullptr;
    VramChartView* m_vram = nullptr;
    LaunchOverheadChartView* m_launch = nullptr;
    PhasesChartView* m_phases = nullptr;
};

}  // namespace graphlens::ui
