#pragma once
// The inputs of a sweep and its Start/Cancel/progress controls. Only builds a SweepPlan and
// shows progress: running the worker is MainWindow's (and WorkerClient's) business.
#include "results/SweepPlan.h"
#include "ui/FamilyCatalog.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace graphlens::ui {

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);

    // Fills the family combo from `<executable> list --json`; on failure shows why and keeps
    // the combo editable so a family can still be typed.
    void loadFamilies(const QString& executable);

    void setPlan(const graphlens::results::SweepPlan& plan);
    graphlens::results::SweepPlan plan() const;  // the inputs as they stand; check inputError() first
    QString inputError() const { return m_inputError; }

    // The model box holds a family name or a TorchScript file: a path (a '/' or '\\') or a file name
    // ending in .pt, .pth, .ts, .jit or .torchscript is a file.
    static bool isModelPath(const QString& text);

    void setRunning(bool running);
    void setProgress(int done, int total, const QString& label, double etaSeconds);
    void setFinished(bool ok, const QString& message);  // the last word under the progress bar

signals:
    void startRequested(const graphlens::results::SweepPlan& plan);
    void cancelRequested();

private:
    void validate();
    void onFamiliesLoaded(const QList<graphlens::ui::FamilyEntry>& families);

    graphlens::results::SweepPlan m_base;  // fields without a widget (phases, graph, seed) come from here
    FamilyCatalog* m_catalog = nullptr;
    QComboBox* m_family = nullptr;
    QPushButton* m_browseModel = nullptr;
    QLabel* m_familyStatus = nullptr;
    QLineEdit* m_batches = nullptr;
    QSpinBox* m_imgsz = nullptr;
    QComboBox* m_precision = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_warmup = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QString m_inputError;
    bool m_running = false;
};

}  // namespace graphlens::ui
