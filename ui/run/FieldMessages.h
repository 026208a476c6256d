#pragma once
// The sweep panel's per-field messages: each field ("model", "batches", ...) has its inputs and a
// label right under them that says what is wrong, so a problem is shown where it can be fixed.
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

class QFormLayout;
class QLabel;
class QLayout;
class QWidget;

namespace graphlens::ui {

class FieldMessages {
    Q_DECLARE_TR_FUNCTIONS(FieldMessages)
public:
    // panel: whose palette colours the messages; it must outlive this object.
    explicit FieldMessages(const QWidget* panel) : m_panel(panel) {}

    // Adds the row `label` with `input` (or with `row`, the layout that holds it) to `form`, and an
    // empty, hidden message label under it.
    void add(QFormLayout* form, const QString& label, const QString& field, QWidget* input,
             QLayout* row = nullptr);
    // The widgets outlined while the field is flagged (by default the input given to add()).
    void setOutlined(const QString& field, const QList<QWidget*>& widgets);
    // Outlines the field's inputs and shows `message` under them; an empty message clears both.
    void flag(const QString& field, const QString& message);
    QString message(const QString& field) const;  // empty when the field is fine (or unknown)
    QStringList fields() const { return m_fields.keys(); }
    void restyle();  // after a palette change

private:
    const QWidget* m_panel;
    // field name -> (the widgets outlined, the label under them that says what is wrong)
    QHash<QString, QPair<QList<QWidget*>, QLabel*>> m_fields;
};

}  // namespace graphlens::ui
