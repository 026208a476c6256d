#include "ui/run/ModelField.h"

#include "ui/UiLogging.h"
#include "ui/run/FamilyListDelegate.h"
#include "ui/run/FieldMessages.h"
#include "ui/run/SweepPlanSettings.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <utility>

namespace graphlens::ui {

ModelField::ModelField(FamilyCatalog* catalog, QWidget* panel) : QObject(panel), m_panel(panel) {
    m_family = new QComboBox;
    m_family->setObjectName(QStringLiteral("model"));
    m_family->setEditable(true);  // a model file or an engine without `list` still works
    m_family->setInsertPolicy(QComboBox::NoInsert);
    m_family->setToolTip(
        tr("A built-in family, or the path of a TorchScript file or an AOTInductor package (.pt2); a "
           "file's graph support is decided by the parity check when the sweep loads it"));
    m_browse = new QPushButton(tr("File…"));
    m_browse->setToolTip(tr("Sweep your own model: a file written by torch.jit.save, or an AOTInductor package "
                            "written by torch._inductor.aoti_compile_and_package"));
    m_browse->setAccessibleName(tr("Choose a model file"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setStyleSheet(
        QStringLiteral("font-size: small;"));  // palette(mid) text was 1.7:1 on Fusion light
    m_status->hide();
    m_details = new QLabel;
    m_details->setObjectName(QStringLiteral("familyDetails"));
    m_details->setWordWrap(true);
    m_details->setStyleSheet(QStringLiteral("font-size: small;"));
    m_details->hide();

    connect(m_family, &QComboBox::currentTextChanged, this, [this] {
        emit changed();  // the panel validates first, as it always has; then the details follow
        showDetails();
    });
    connect(m_browse, &QPushButton::clicked, this, &ModelField::chooseFile);
    connect(catalog, &FamilyCatalog::loaded, this, &ModelField::onFamiliesLoaded);
    connect(catalog, &FamilyCatalog::failed, this, [this](const QString& message) {
        m_status->setText(tr("%1\nType a family name instead.").arg(message));
        m_status->setToolTip(message);
        m_status->show();
    });
}

bool ModelField::isFilePath(const QString& text) {
    static const QStringList suffixes{QStringLiteral(".pt"), QStringLiteral(".pt2"), QStringLiteral(".pth"), QStringLiteral(".ts"),
                                      QStringLiteral(".jit"), QStringLiteral(".torchscript")};
    const QString trimmed = text.trimmed();
    if (trimmed.contains(QLatin1Char('/')) || trimmed.contains(QLatin1Char('\\'))) return true;
    for (const auto& suffix : suffixes) {
        if (trimmed.endsWith(suffix, Qt::CaseInsensitive)) return true;
    }
    return false;
}

void ModelField::addTo(QFormLayout* form, FieldMessages& messages) {
    auto* row = new QHBoxLayout;
    row->addWidget(m_family, 1);
    row->addWidget(m_browse);
    messages.add(form, tr("Model"), QStringLiteral("model"), m_family, row);
    form->addRow(QString(), m_details);
    form->addRow(QString(), m_status);
}

QString ModelField::text() const {
    return m_family->currentText().trimmed();
}

void ModelField::setText(const QString& text) {
    m_family->setEditText(text);
}

void ModelField::setRunning(bool running) {
    m_family->setEnabled(!running);
    m_browse->setEnabled(!running);
}

void ModelField::chooseFile() {
    const QString file =
        QFileDialog::getOpenFileName(m_panel, tr("Model file"), QString(),
                                     tr("Model files (*.pt *.pt2 *.pth *.ts *.jit *.torchscript);;"
                                        "TorchScript (*.pt *.pth *.ts *.jit *.torchscript);;"
                                        "AOTInductor packages (*.pt2);;All files (*)"));
    if (!file.isEmpty()) m_family->setEditText(file);
}

void ModelField::onFamiliesLoaded(const QList<FamilyEntry>& families) {
    const QString current = m_family->currentText();
    m_family->clear();
    m_tasks.clear();
    m_detailsOf.clear();
    for (const auto& family : families) {
        m_tasks.insert(family.name, family.task);
        m_detailsOf.insert(family.name, family.details());
        m_family->addItem(family.name);
        m_family->setItemData(m_family->count() - 1, family.summary(), Qt::ToolTipRole);
    }
    // The list shows each family's details beside its name (FamilyListDelegate); the box keeps the name.
    m_family->setItemDelegate(new FamilyListDelegate(m_detailsOf, m_family));
    m_family->view()->setMinimumWidth(m_family->view()->sizeHintForColumn(0));
    const int index = m_family->findText(current);
    if (index >= 0)
        m_family->setCurrentIndex(index);
    else
        m_family->setEditText(current);
    m_status->hide();
    showDetails();  // the text may not have changed, its details just arrived
    fallBackFromRestoredFamily(families);
    qCDebug(lcUiSweep) << families.size() << "families listed";
}

void ModelField::fallBackFromRestoredFamily(const QList<FamilyEntry>& families) {
    const QString restored = std::exchange(m_restoredFamily, QString());
    if (restored.isEmpty() || families.isEmpty() || m_family->currentText().trimmed() != restored ||
        m_family->findText(restored) >= 0) {
        return;
    }
    const auto fallback = QString::fromStdString(SweepPlanSettings::preset().family);
    m_family->setEditText(fallback);
    m_status->setText(
        tr("The last family used, %1, is not offered by this engine; back to %2.").arg(restored, fallback));
    m_status->show();
}

void ModelField::showDetails() {
    const QString model = m_family->currentText().trimmed();
    QString text = m_detailsOf.value(model);
    if (text.isEmpty() && isFilePath(model)) {
        text = model.endsWith(QStringLiteral(".pt2"), Qt::CaseInsensitive)
                   ? tr("A .pt2 file: an AOTInductor package runs compiled (a plain torch.export program is "
                        "refused with how to compile it); its graph support is decided by the parity check "
                        "when the sweep loads it")
                   : tr("TorchScript file: its graph support is decided by the parity check when the sweep "
                        "loads it");
    }
    m_details->setText(text);
    m_details->setVisible(!text.isEmpty());
}

}  // namespace graphlens::ui
