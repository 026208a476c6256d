#pragma once
// The foot of the sweep panel: Start and Cancel, the progress bar, and the status line under them
// (why Start is disabled, the current configuration, or the run's last word).
#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QPushButton;
class QVBoxLayout;
class QWidget;

namespace graphlens::ui {

class RunControls : public QObject {
    Q_OBJECT
public:
    explicit RunControls(QWidget* panel);  // panel: this object's parent, whose palette colours errors

    void addTo(QVBoxLayout* layout);
    // Start is enabled only with no run in progress and `inputError` empty, and says why not; with no
    // run in progress the status line says it too.
    void showInputError(const QString& inputError, bool running);
    // Locks Start and unlocks Cancel while running; a run that begins is busy until its first progress.
    void setRunning(bool running, bool canStart);
    void setProgress(int done, int total, const QString& label, double etaSeconds);
    void setFinished(bool ok, const QString& message);
    void restyle();  // after a palette change

signals:
    void startClicked();
    void cancelClicked();

private:
    QWidget* m_panel;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    bool m_statusIsError = false;  // the status line is red, and is recoloured with the palette
};

}  // namespace graphlens::ui
