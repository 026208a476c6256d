#pragma once
// The sweep panel's Dataset row: empty for the built-in dataset, else a YOLO data.yaml or an
// ImageFolder root, checked by the engine (DatasetCheck) as soon as it is chosen. Start waits for
// the answer, and a dataset of the wrong task for the model is flagged before any run.
#include "ui/run/DatasetCheck.h"

#include <QObject>
#include <QString>

class QFormLayout;
class QLabel;
class QLineEdit;
class QWidget;

namespace graphlens::ui {

class FieldMessages;

class DatasetField : public QObject {
    Q_OBJECT
public:
    explicit DatasetField(QWidget* panel);  // panel: this field's parent and its file dialogs'

    void addTo(QFormLayout* form, FieldMessages& messages);  // the field "data" and its status
    QString text() const;                                    // trimmed
    void setText(const QString& text);                       // then check() it
    // The engine that checks datasets; a dataset shown before there was one is checked now.
    void setEngine(const QString& executable);
    // Starts the check of the field's text (nothing to check when empty, nothing new when answered).
    void check();
    // The field's message, empty when it is fine: the engine's error, or a dataset whose task is not
    // `modelTask` (the model's, empty when unknown).
    QString error(const QString& model, const QString& modelTask) const;
    // Why Start must wait for the engine's word on the dataset; empty when it need not.
    QString pendingReason() const;

signals:
    void changed();  // the text changed, or a check started or ended: the panel validates again

private:
    void onChecked(const graphlens::ui::DatasetCheckOutcome& outcome);
    void chooseYaml();
    void chooseFolder();

    QWidget* m_panel;
    QLineEdit* m_data = nullptr;
    QWidget* m_choose =
        nullptr;  // one button, two choices: a detection YAML is a file, an ImageFolder a folder
    QLabel* m_status = nullptr;
    DatasetCheck* m_check = nullptr;
    QString m_engine;      // empty until the window has found one: nothing is checked before
    QString m_checkedFor;  // the text the last finished check was for
    DatasetCheckOutcome m_outcome;
};

}  // namespace graphlens::ui
