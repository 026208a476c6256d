#pragma once
// The status bar's account of what the rows shown are: the engine's environment (from the worker's
// hello or the file opened) and the precision(s) the rows were measured in, which is what they
// are, not what was asked: a CPU run measures fp32 whatever the plan said.
#include <QJsonObject>
#include <QLabel>

namespace graphlens::ui {

class MeasurementTableModel;

class EnvironmentStatus : public QLabel {
    Q_OBJECT
public:
    explicit EnvironmentStatus(const MeasurementTableModel* model, QWidget* parent = nullptr);

    // The summary of a hello or an environment block ("Environment unknown" when it says nothing).
    void showEnvironment(const QJsonObject& helloOrEnvironment);
    void showSummary(const QString& summary);  // for a file without an environment block
    void refresh();                            // the rows changed

signals:
    // The rows' precisions, e.g. "fp32, fp16" (empty: no rows); on every refresh.
    void measuredPrecisionChanged(const QString& precisions);

private:
    const MeasurementTableModel* m_model;
    QString m_summary;  // from the hello or the file; the label adds the rows' precision
};

}  // namespace graphlens::ui
