#pragma once
// The inputs of a sweep and its Start/Cancel/progress controls. Only builds a SweepPlan and
// shows progress: running the worker is MainWindow's (and WorkerClient's) business.
#include "results/SweepPlan.h"
#include "ui/run/FieldMessages.h"

#include <QHash>
#include <QWidget>

class QSettings;

namespace graphlens::ui {

class DatasetField;
class FamilyCatalog;
class ModelField;
class RunControls;
class RunOptionInputs;

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    // With settings, the panel starts from the plan saved there (the last run's; the default preset
    // when none is saved or it no longer validates) and saves its plan there when a run starts.
    // Without settings nothing persists. The settings object must outlive the panel.
    explicit SweepPanel(QWidget* parent = nullptr, QSettings* settings = nullptr);

    // The key under which the last plan is kept (its JSON as a string).
    static QString settingsKey();
    // The plan of resources/presets/default-sweep.json.
    static graphlens::results::SweepPlan defaultPlan();
    // Writes the panel's plan to its settings (no-op without settings or with invalid inputs).
    void saveSettings() const;

    // Fills the family combo from `<executable> list --json`; on failure shows why and keeps
    // the combo editable so a family can still be typed.
    void loadFamilies(const QString& executable);

    void setPlan(const graphlens::results::SweepPlan& plan);
    graphlens::results::SweepPlan plan() const;  // the inputs as they stand; check inputError() first
    QString inputError() const { return m_inputError; }

    // The model box holds a family name or a TorchScript file: a path (a '/' or '\\') or a file name
    // ending in .pt, .pth, .ts, .jit or .torchscript is a file.
    static bool isModelPath(const QString& text);

    // Start as the button does (Ctrl+R): only with valid inputs and no run in progress.
    void requestStart();
    // The precision(s) of the rows received, e.g. "fp32"; shown next to Precision when they differ
    // from the one chosen (a CPU run measures fp32 whatever was asked). Empty: no note.
    void setMeasuredPrecision(const QString& precisions);
    // This machine's engine has no CUDA device (EnvironmentProbe): what a CPU run cannot honour is set
    // to what it will do (fp16 and AMP run fp32, no CUPTI pass) and a note says why; still editable.
    void adaptToMachineWithoutCuda();
    // The message flagged next to a field ("model", "batches", "imgsz", "phases", "precision",
    // "formats", "scope", "graph", "graphScopes", "optimizer", "jit", "steps", "warmup", "repeats");
    // empty when the field is fine.
    QString fieldError(const QString& field) const;

    void setRunning(bool running);
    void setProgress(int done, int total, const QString& label, double etaSeconds);
    void setFinished(bool ok, const QString& message);  // the last word under the progress bar

signals:
    void startRequested(const graphlens::results::SweepPlan& plan);
    void cancelRequested();

protected:
    void changeEvent(QEvent* event) override;  // a theme change recolours the messages

private:
    void validate();
    // Each problem flagged next to its field, keyed by field ("" for one no field owns).
    QHash<QString, QString> inputErrors() const;
    void updateEnabled();
    void updatePrecisionNote();
    void restyleMessages();

    graphlens::results::SweepPlan m_base;  // fields without a widget (seed, output paths, ...) come from here
    FamilyCatalog* m_catalog = nullptr;
    QSettings* m_settings = nullptr;
    FieldMessages m_messages;
    ModelField* m_model = nullptr;
    DatasetField* m_data = nullptr;
    RunOptionInputs* m_options = nullptr;
    RunControls* m_controls = nullptr;
    QString m_measuredPrecision;
    QString m_inputError;
    bool m_running = false;
};

}  // namespace graphlens::ui
