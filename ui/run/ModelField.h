#pragma once
// The sweep panel's Model row: a built-in family from the engine's catalog, or a TorchScript file
// (typed, or chosen with File…), with the chosen family's details under it, visible while choosing,
// and a note when the catalog could not be read (the box stays editable so a family can be typed).
#include "ui/run/FamilyCatalog.h"

#include <QHash>
#include <QObject>
#include <QString>

class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QWidget;

namespace graphlens::ui {

class FieldMessages;

class ModelField : public QObject {
    Q_OBJECT
public:
    // catalog: the families, once loaded; panel: this field's parent and its file dialog's.
    ModelField(FamilyCatalog* catalog, QWidget* panel);

    // A path (a '/' or '\\') or a file name ending in .pt, .pth, .ts, .jit or .torchscript is a file.
    static bool isFilePath(const QString& text);

    // The rows Model (the field "model"), the family's details and the catalog's note.
    void addTo(QFormLayout* form, FieldMessages& messages);
    QString text() const;  // trimmed
    void setText(const QString& text);
    // The task ("classify", "detect") of a family the catalog listed; empty when it is not one.
    QString taskOf(const QString& family) const { return m_tasks.value(family); }
    // A family restored from settings: when the catalog no longer offers it, back to the preset's.
    void expectRestoredFamily(const QString& family) { m_restoredFamily = family; }
    void setRunning(bool running);  // no other model while a run is in progress

signals:
    void changed();  // the text changed, by the user or by code

private:
    void onFamiliesLoaded(const QList<graphlens::ui::FamilyEntry>& families);
    void fallBackFromRestoredFamily(const QList<graphlens::ui::FamilyEntry>& families);
    void showDetails();
    void chooseFile();

    QWidget* m_panel;
    QComboBox* m_family = nullptr;
    QPushButton* m_browse = nullptr;
    QLabel* m_status = nullptr;           // why the catalog is missing, or that a restored family is gone
    QLabel* m_details = nullptr;          // the chosen family's task, parameters and graph support
    QHash<QString, QString> m_tasks;      // family -> task, from the catalog
    QHash<QString, QString> m_detailsOf;  // family -> FamilyEntry::details()
    QString m_restoredFamily;             // checked once, when the catalog loads
};

}  // namespace graphlens::ui
