#include "ui/StepTimeChartView.h"

#include "ui/ChartStyle.h"
#include "ui/MeasurementTableModel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {

StepTimeChartView::StepTimeChartView(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    auto* chart = new QChart;
    styleChart(chart, tr("Median step time, eager vs graphed"));
    m_xAxis = makeBatchAxis();
    m_yAxis = makeValueAxis(tr("Step time (ms, median)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    setChart(chart);
    rebuild();
}

void StepTimeChartView::setModel(const MeasurementTableModel* model) {
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &StepTimeChartView::rebuild);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &StepTimeChartView::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &StepTimeChartView::rebuild);
    }
    rebuild();
}

void StepTimeChartView::highlightRows(const std::vector<results::Measurement>& rows) { m_highlighter.setRows(rows); }

void StepTimeChartView::rebuild() {
    m_highlighter.clear();
    m_curves = m_model ? stepTimeCurves(m_model->rows()) : std::vector<StepTimeCurve>{};
    chart()->removeAllSeries();

    int minBatch = 1, maxBatch = 32;
    double maxMs = 1.0;
    bool first = true;
    for (size_t i = 0; i < m_curves.size(); ++i) {
        const auto& curve = m_curves[i];
        auto* eager = new QLineSeries;
        auto* graphed = new QLineSeries;
        const QString label = QString::fromStdString(curve.label());
        eager->setName(tr("%1, eager").arg(label));
        graphed->setName(tr("%1, graphed").arg(label));
        eager->setPen(QPen(curveColor(int(i)), 2.5));
        graphed->setPen(QPen(curveColor(int(i)), 2.5, Qt::DashLine));
        for (auto* series : {eager, graphed}) {
            series->setPointsVisible(true);
            series->setMarkerSize(6);
        }
        for (const auto& p : curve.points) {
            if (p.eagerMs) eager->append(p.batch, *p.eagerMs);
            if (p.graphedMs) graphed->append(p.batch, *p.graphedMs);
            minBatch = first ? p.batch : std::min(minBatch, p.batch);
            maxBatch = first ? p.batch : std::max(maxBatch, p.batch);
            maxMs = std::max({maxMs, p.eagerMs.value_or(0.0), p.graphedMs.value_or(0.0)});
            first = false;
        }
        for (auto* series : {eager, graphed}) {
            chart()->addSeries(series);
            series->attachAxis(m_xAxis);
            series->attachAxis(m_yAxis);
            const std::string arm = series == eager ? "eager" : "graphed";
            m_highlighter.trackBatches(series, [curve, arm](const results::Measurement& row) {
                return row.arm == arm && row.family == curve.family && row.precision == curve.precision &&
                       row.phase == curve.phase && curveScope(row) == curve.scope;
            });
        }
    }
    fitBatchAxis(m_xAxis, minBatch, maxBatch);
    fitValueAxisFromZero(m_yAxis, maxMs);
    m_highlighter.apply();
}

}  // namespace graphlens::ui
