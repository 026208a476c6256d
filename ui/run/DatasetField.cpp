#include "ui/run/DatasetField.h"

#include "ui/run/FieldMessages.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>

namespace graphlens::ui {

DatasetField::DatasetField(QWidget* panel) : QObject(panel), m_panel(panel) {
    m_data = new QLineEdit;
    m_data->setObjectName(QStringLiteral("data"));
    m_data->setPlaceholderText(tr("built-in dataset"));
    m_data->setClearButtonEnabled(true);
    m_data->setToolTip(
        tr("Empty: the built-in dataset. Or a YOLO data.yaml (detection) or an ImageFolder "
           "folder of class folders (classification); checked by the engine when chosen"));
    auto* choose = new QToolButton;
    choose->setText(tr("Choose…"));
    choose->setObjectName(QStringLiteral("chooseData"));
    choose->setAccessibleName(tr("Choose a dataset"));
    choose->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(choose);
    connect(menu->addAction(tr("YOLO data.yaml…")), &QAction::triggered, this, &DatasetField::chooseYaml);
    connect(menu->addAction(tr("ImageFolder folder…")), &QAction::triggered, this,
            &DatasetField::chooseFolder);
    choose->setMenu(menu);
    m_choose = choose;
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("dataStatus"));
    m_status->setWordWrap(true);
    m_status->setStyleSheet(QStringLiteral("font-size: small;"));
    m_check = new DatasetCheck(panel);

    connect(m_data, &QLineEdit::editingFinished, this, &DatasetField::check);
    connect(m_data, &QLineEdit::textChanged, this, &DatasetField::changed);
    connect(m_check, &DatasetCheck::finished, this, &DatasetField::onChecked);
}

void DatasetField::addTo(QFormLayout* form, FieldMessages& messages) {
    auto* row = new QHBoxLayout;
    row->addWidget(m_data, 1);
    row->addWidget(m_choose);
    messages.add(form, tr("Dataset"), QStringLiteral("data"), m_data, row);
    form->addRow(QString(), m_status);
}

QString DatasetField::text() const {
    return m_data->text().trimmed();
}

void DatasetField::setText(const QString& text) {
    m_data->setText(text);
    check();
}

void DatasetField::setEngine(const QString& executable) {
    m_engine = executable;
    m_checkedFor.clear();  // a dataset shown before there was an engine is checked now
    check();
}

void DatasetField::check() {
    const QString data = text();
    if (!data.isEmpty() && data == m_checkedFor && !m_check->running()) return;  // answered already
    m_check->cancel();
    m_checkedFor.clear();
    m_outcome = {};
    if (data.isEmpty()) {
        m_status->setText(tr("Built-in dataset (made on first use, to suit the model)."));
    } else if (m_engine.isEmpty()) {
        m_status->setText(tr("Not checked yet: the engine checks it when the window has found it."));
    } else {
        m_status->setText(tr("Checking %1…").arg(data));
        m_check->start(m_engine, data);
    }
    emit changed();
}

void DatasetField::onChecked(const DatasetCheckOutcome& outcome) {
    m_checkedFor = text();
    m_outcome = outcome;
    QString status = outcome.ok ? outcome.summary : QString();
    if (outcome.ok && !outcome.warnings.isEmpty()) {
        status += tr("\n%n image(s) will be skipped: %1", nullptr, int(outcome.warnings.size()))
                      .arg(outcome.warnings.front());
    }
    m_status->setText(status);
    emit changed();
}

QString DatasetField::error(const QString& model, const QString& modelTask) const {
    const QString data = text();
    if (data.isEmpty() || m_engine.isEmpty() || data != m_checkedFor) return {};
    if (!m_outcome.ok) return m_outcome.error;
    // A classifier cannot train or be timed on boxes, nor a detector on class folders.
    if (!modelTask.isEmpty() && !m_outcome.task.isEmpty() && modelTask != m_outcome.task) {
        return tr("%1 is a %2 model but %3 is a %4 dataset").arg(model, modelTask, data, m_outcome.task);
    }
    return {};
}

QString DatasetField::pendingReason() const {
    const QString data = text();
    if (m_engine.isEmpty() || data.isEmpty()) return {};
    // Leaving the field starts the check.
    if (m_check->running()) return tr("the dataset is being checked");
    if (data != m_checkedFor) return tr("the dataset has not been checked yet (press Enter in Dataset)");
    return {};
}

void DatasetField::chooseYaml() {
    const QString file = QFileDialog::getOpenFileName(m_panel, tr("YOLO dataset"), m_data->text(),
                                                      tr("YOLO data.yaml (*.yaml *.yml);;All files (*)"));
    if (!file.isEmpty()) setText(file);
}

void DatasetField::chooseFolder() {
    const QString folder =
        QFileDialog::getExistingDirectory(m_panel, tr("ImageFolder dataset"), m_data->text());
    if (!folder.isEmpty()) setText(folder);
}

}  // namespace graphlens::ui
