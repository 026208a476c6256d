#include "ui/charts/ChartsPanel.h"

#include "ui/SpeedupChartView.h"
#include "ui/StepTimeChartView.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/VramChartView.h"

namespace graphlens::ui {

ChartsPanel::ChartsPanel(QWidget* parent) : QTabWidget(parent) {
    setDocumentMode(true);
    m_speedup = new SpeedupChartView;
    m_stepTime = new StepTimeChartView;
    m_replays = new ReplaysChartView;
    m_vram = new VramChartView;
    m_launch = new LaunchOverheadChartView;
    m_phases = new PhasesChartView;
    addTab(m_speedup, tr("Speedup"));
    addTab(m_stepTime, tr("Step time"));
    addTab(m_replays, tr("Replays"));
    addTab(m_vram, tr("VRAM"));
    addTab(m_launch, tr("Launch overhead"));
    addTab(m_phases, tr("Phases"));
    m_replays->setAccessibleName(tr("Replays chart"));
    m_vram->setAccessibleName(tr("VRAM chart"));
    m_launch->setAccessibleName(tr("Launch overhead chart"));
    m_phases->setAccessibleName(tr("Phases chart"));
}

void ChartsPanel::setModel(const MeasurementTableModel* model) {
    m_speedup->setModel(model);
    m_stepTime->setModel(model);
    m_replays->setModel(model);
    m_vram->setModel(model);
    m_launch->setModel(model);
    m_phases->setModel(model);
}

}  // namespace graphlens::ui
