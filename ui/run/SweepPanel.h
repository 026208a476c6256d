#pragma once
// The inputs of a sweep and its Start/Cancel/progress controls. Only builds a SweepPlan and
// shows progress: running the worker is MainWindow's (and WorkerClient's) business.
#include "results/SweepPlan.h"
#include "ui/run/DatasetCheck.h"
#include "ui/run/FamilyCatalog.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSettings;
class QSpinBox;

namespace graphlens::ui {

class ChoiceChecks;

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
    // "color: …" for a message on this panel's palette (errors red, notes amber; see Theme).
    QString messageStyle(bool error, bool small) const;
    void restyleMessages();

    void validate();
    // Greys out what the chosen phases do not read (inference scope and graph mode; training graph
    // scopes and optimizer) and JIT for a built-in family; all inputs while a run is in progress.
    void updateEnabled();
    void updatePrecisionNote();
    void flag(const QString& field, const QString& message);
    QWidget* addField(QFormLayout* form, const QString& label, const QString& field, QWidget* input,
                      QLayout* row = nullptr);
    void checkData();  // starts the check of the dataset field's text (nothing to check when empty)
    void onDataChecked(const graphlens::ui::DatasetCheckOutcome& outcome);
    QString dataError() const;  // the dataset field's message, empty when it is fine
    void onFamiliesLoaded(const QList<graphlens::ui::FamilyEntry>& families);

    graphlens::results::SweepPlan m_base;  // fields without a widget (data, seed, profile, ...) come from here
    FamilyCatalog* m_catalog = nullptr;
    QSettings* m_settings = nullptr;
    QString m_restoredFamily;  // a family restored from settings, checked once the catalog loads
    QComboBox* m_family = nullptr;
    QPushButton* m_browseModel = nullptr;
    QLabel* m_familyStatus = nullptr;
    // The dataset: empty for the built-in one, else a YAML file or an ImageFolder root, checked by
    // the engine (DatasetCheck) as soon as it is chosen; Start waits for the answer.
    QLineEdit* m_data = nullptr;
    QLabel* m_dataStatus = nullptr;
    DatasetCheck* m_dataCheck = nullptr;
    QString m_engine;            // the executable loadFamilies() was given: it checks datasets too
    QString m_dataCheckedFor;    // the text the last finished check was for
    DatasetCheckOutcome m_dataOutcome;
    QHash<QString, QString> m_familyTasks;  // family -> task, from the catalog
    QHash<QString, QString> m_familyDetails;  // family -> FamilyEntry::details()
    QLabel* m_familyDetailsLabel = nullptr;  // the chosen family's task, parameters and graph support
    void showFamilyDetails();
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
    QCheckBox* m_profile = nullptr;
    QComboBox* m_graph = nullptr;
    QComboBox* m_jit = nullptr;
    QString m_measuredPrecision;
    QLabel* m_deviceNote = nullptr;  // why fp32 and no profiling were chosen on a CPU machine
    // field name -> (input widgets, the label under them that says what is wrong)
    QHash<QString, QPair<QList<QWidget*>, QLabel*>> m_fields;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_warmup = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    bool m_statusIsError = false;
    QString m_inputError;
    bool m_running = false;
};

}  // namespace graphlens::ui
