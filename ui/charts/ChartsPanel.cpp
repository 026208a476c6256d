#include "ui/charts/ChartsPanel.h"

#include "ui/charts/ChartExport.h"
#include "ui/charts/HighlightableChart.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/ModelChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SeriesBySelector.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
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
    m_speedup->setAccessibleName(tr("Speedup chart"));
    m_stepTime->setAccessibleName(tr("Step time chart"));
    for (auto* view : std::initializer_list<QChartView*>{m_speedup, m_stepTime, m_replays, m_vram, m_launch, m_phases}) {
        addChartExportActions(view);  // right-click: export as PNG or SVG
    }
    m_seriesBy = new SeriesBySelector;
    setCornerWidget(m_seriesBy, Qt::TopRightCorner);
    connect(m_seriesBy, &SeriesBySelector::groupingChanged, this, &ChartsPanel::applyGrouping);
}

void ChartsPanel::applyGrouping() {
    for (int i = 0; i < count(); ++i) {
        if (auto* chart = qobject_cast<ModelChartView*>(widget(i))) chart->setSeriesGrouping(m_seriesBy->grouping());
    }
}

void ChartsPanel::tabInserted(int index) {
    QTabWidget::tabInserted(index);
    if (!m_seriesBy) return;  // the constructor's own tabs: nothing chosen yet
    if (auto* chart = qobject_cast<ModelChartView*>(widget(index))) {
        chart->setChartFamily(m_family.toStdString());
        chart->setSeriesGrouping(m_seriesBy->grouping());
    }
}

void ChartsPanel::setEnvironmentSource(std::function<const nlohmann::json&()> environment) {
    m_seriesBy->setSource(m_model, std::move(environment));
}

void ChartsPanel::highlightRows(const std::vector<results::Measurement>& rows) {
    for (int i = 0; i < count(); ++i) {
        if (auto* chart = dynamic_cast<HighlightableChart*>(widget(i))) chart->highlightRows(rows);
    }
}

void ChartsPanel::setChartFamily(const QString& family) {
    m_family = family;
    for (int i = 0; i < count(); ++i) {
        if (auto* chart = qobject_cast<ModelChartView*>(widget(i))) chart->setChartFamily(family.toStdString());
    }
}

void ChartsPanel::setModel(const MeasurementTableModel* model) {
    m_model = model;
    m_seriesBy->setSource(model, nullptr);
    m_speedup->setModel(model);
    m_stepTime->setModel(model);
    m_replays->setModel(model);
    m_vram->setModel(model);
    m_launch->setModel(model);
    m_phases->setModel(model);
}

}  // namespace graphlens::ui
