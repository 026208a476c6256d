#include "ui/run/FieldMessages.h"

#include "ui/Theme.h"
#include "ui/run/MessageStyle.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>

namespace graphlens::ui {

void FieldMessages::add(QFormLayout* form, const QString& label, const QString& field, QWidget* input,
                        QLayout* row) {
    if (row)
        form->addRow(label, row);
    else
        form->addRow(label, input);
    // Screen readers say the form's label; a check box of a list field says which list it is in.
    input->setAccessibleName(label);
    const auto boxes = input->findChildren<QCheckBox*>();
    for (auto* box : boxes) box->setAccessibleName(tr("%1: %2").arg(label, box->text()));
    auto* error = new QLabel;
    error->setObjectName(field + QStringLiteral("Error"));
    error->setWordWrap(true);
    error->setStyleSheet(messageStyle(m_panel->palette(), true, true));
    error->hide();
    form->addRow(QString(), error);
    m_fields.insert(field, {QList<QWidget*>{input}, error});
}

void FieldMessages::setOutlined(const QString& field, const QList<QWidget*>& widgets) {
    if (const auto found = m_fields.find(field); found != m_fields.end()) found->first = widgets;
}

void FieldMessages::flag(const QString& field, const QString& message) {
    const auto found = m_fields.find(field);
    if (found == m_fields.end()) return;
    for (QWidget* input : found->first) {
        input->setStyleSheet(
            message.isEmpty()
                ? QString()
                : QStringLiteral("border: 1px solid %1;").arg(errorTextColor(m_panel->palette()).name()));
    }
    found->second->setText(message);
    found->second->setVisible(!message.isEmpty());
}

QString FieldMessages::message(const QString& field) const {
    const auto found = m_fields.find(field);
    return found == m_fields.end() ? QString() : found->second->text();
}

void FieldMessages::restyle() {
    for (const auto& field : std::as_const(m_fields))
        field.second->setStyleSheet(messageStyle(m_panel->palette(), true, true));
}

}  // namespace graphlens::ui
