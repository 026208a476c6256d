#pragma once
// The sweep panel's run options, the rows below Model and Dataset: batches (with presets), image
// size, phases, precision, memory formats, the inference and training graph settings, step counts,
// repeats and the CUPTI pass, with the notes on precision and on a machine without CUDA. Reads and
// writes its part of a SweepPlan; validating the whole plan is the panel's.
#include "results/SweepPlan.h"

#include <QObject>
#include <QString>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace graphlens::ui {

class ChoiceChecks;
class FieldMessages;

class RunOptionInputs : public QObject {
    Q_OBJECT
public:
    explicit RunOptionInputs(QWidget* panel);  // panel: this object's parent, whose palette styles the notes

    void addTo(QFormLayout* form, FieldMessages& messages);  // every row, in the panel's order
    void show(const graphlens::results::SweepPlan& plan);
    void writeTo(graphlens::results::SweepPlan& plan) const;
    QString batchesError() const;  // why the batch list does not parse; empty when it does
    bool anyFormatChosen() const;

    // Greys out what the chosen phases do not read (inference scope and graph mode; training graph
    // scopes and optimizer, unless flagged) and JIT unless the model is a TorchScript file; all of
    // them while a run is in progress. Kept in the plan either way.
    void updateEnabled(bool running, bool modelIsFile, bool graphScopesFlagged);
    void setRunning(bool running);  // the inputs locked for the whole run
    // A CPU run cannot honour fp16, AMP or a CUPTI pass: sets fp32 and no profiling, says why.
    void adaptToMachineWithoutCuda();
    // Names the precision(s) of the rows shown when they differ from what `current` gives its rows
    // (fp16 trains as amp-fp16); `valid`: whether `current` is a valid plan (else what was chosen).
    void updatePrecisionNote(const graphlens::results::SweepPlan& current, bool valid,
                             const QString& measured);
    void restyle();  // after a palette change

signals:
    void changed();  // an input that decides the plan's validity changed

private:
    void createSizeInputs();
    void createArithmeticInputs();
    void createGraphInputs();
    void createStepInputs();
    QLayout* batchRow();  // the batches field with its Presets menu

    QWidget* m_panel;
    QLineEdit* m_batches = nullptr;
    QSpinBox* m_imgsz = nullptr;
    ChoiceChecks* m_phases = nullptr;
    QComboBox* m_precision = nullptr;
    QLabel* m_precisionNote = nullptr;
    ChoiceChecks* m_formats = nullptr;
    QComboBox* m_scope = nullptr;
    ChoiceChecks* m_graphScopes = nullptr;
    QComboBox* m_optimizer = nullptr;
    QSpinBox* m_repeats = nullptr;
    QComboBox* m_graph = nullptr;
    QComboBox* m_jit = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_warmup = nullptr;
    QCheckBox* m_profile = nullptr;
    QLabel* m_deviceNote = nullptr;  // why fp32 and no profiling were chosen on a CPU machine
};

}  // namespace graphlens::ui
