#include "ui/charts/MetricPanel.h"

#include "ui/charts/ChartStyle.h"

#include <QChart>
#include <QLogValueAxis>
#include <QValueAxis>

namespace graphlens::ui {

void MetricPanel::setUp(QChart* panel, const QString& valueTitle) {
    chart = panel;
    xAxis = makeBatchAxis();
    xAxis->setTitleText(QObject::tr("Batch size (log₂ scale)"));  // panels are narrow: the short form
    yAxis = makeValueAxis(valueTitle);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
}

void MetricPanel::fit(int minBatch, int maxBatch, double maxValue) {
    fitBatchAxis(xAxis, minBatch, maxBatch);
    fitValueAxisFromZero(yAxis, maxValue);
}

}  // namespace graphlens::ui
