#include "ui/EnvironmentStatus.h"

#include "ui/models/MeasurementTableModel.h"
#include "ui/report/EnvironmentSummary.h"

namespace graphlens::ui {

EnvironmentStatus::EnvironmentStatus(const MeasurementTableModel* model, QWidget* parent)
    : QLabel(tr("No engine environment yet"), parent), m_model(model) {
    connect(m_model, &QAbstractItemModel::modelReset, this, &EnvironmentStatus::refresh);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &EnvironmentStatus::refresh);
}

void EnvironmentStatus::showEnvironment(const QJsonObject& helloOrEnvironment) {
    const auto summary = environmentSummary(helloOrEnvironment);
    showSummary(summary.isEmpty() ? tr("Environment unknown") : summary);
}

void EnvironmentStatus::showSummary(const QString& summary) {
    m_summary = summary;
    refresh();
}

void EnvironmentStatus::refresh() {
    QStringList precisions;
    for (const auto& row : m_model->rows()) {
        const auto precision = QString::fromStdString(row.precision);
        if (!precision.isEmpty() && !precisions.contains(precision)) precisions << precision;
    }
    const QString measured = precisions.join(QStringLiteral(", "));
    QString text = m_summary.isEmpty() ? tr("No engine environment yet") : m_summary;
    if (!measured.isEmpty()) text += tr(" · rows %1").arg(measured);
    setText(text);
    emit measuredPrecisionChanged(measured);
}

}  // namespace graphlens::ui
