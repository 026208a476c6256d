#include "ui/SweepPanel.h"

#include "results/ResultsError.h"
#include "ui/Resources.h"
#include "ui/UiLogging.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

namespace graphlens::ui {
namespace {

results::SweepPlan presetPlan() {
    QFile file(QStringLiteral(":/presets/default-sweep.json"));
    try {
        if (file.open(QIODevice::ReadOnly)) {
            return results::sweepPlanFromJson(nlohmann::json::parse(file.readAll().toStdString()),
                                              "default-sweep.json");
        }
    } catch (const std::exception& error) {
        qCWarning(lcUiSweep) << "default preset unreadable:" << error.what();
    }
    return {};  // SweepPlan's own defaults match the preset
}

QString formatEta(double seconds) {
    if (!(seconds > 0) || !std::isfinite(seconds)) return {};
    const auto total = qint64(std::lround(seconds));
    if (total < 60) return SweepPanel::tr("ETA %1 s").arg(total);
    return SweepPanel::tr("ETA %1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
}

QString batchText(const std::vector<int>& batches) {
    QStringList items;
    for (int batch : batches) items << QString::number(batch);
    return items.join(QLatin1Char(','));
}

}  // namespace

bool SweepPanel::isModelPath(const QString& text) {
    static const QStringList suffixes{QStringLiteral(".pt"), QStringLiteral(".pth"), QStringLiteral(".ts"),
                                      QStringLiteral(".jit"), QStringLiteral(".torchscript")};
    const QString trimmed = text.trimmed();
    if (trimmed.contains(QLatin1Char('/')) || trimmed.contains(QLatin1Char('\\'))) return true;
    for (const auto& suffix : suffixes) {
        if (trimmed.endsWith(suffix, Qt::CaseInsensitive)) return true;
    }
    return false;
}

SweepPanel::SweepPanel(QWidget* parent) : QWidget(parent), m_catalog(new FamilyCatalog(this)) {
    initResources();
    m_family = new QComboBox;
    m_family->setEditable(true);  // a TorchScript file or an engine without `list` still works
    m_family->setInsertPolicy(QComboBox::NoInsert);
    m_family->setToolTip(tr("A built-in family, or the path of a TorchScript file (its graph support is "
                            "decided by the parity check when the sweep loads it)"));
    m_browseModel = new QPushButton(tr("File…"));
    m_browseModel->setToolTip(tr("Sweep your own model: a file written by torch.jit.save"));
    auto* familyRow = new QHBoxLayout;
    familyRow->addWidget(m_family, 1);
    familyRow->addWidget(m_browseModel);
    m_familyStatus = new QLabel;
    m_familyStatus->setWordWrap(true);
    m_familyStatus->setStyleSheet(QStringLiteral("color: palette(mid); font-size: small;"));
    m_familyStatus->hide();

    m_batches = new QLineEdit;
    m_batches->setPlaceholderText(QStringLiteral("1,8,32"));
    m_batches->setToolTip(tr("Batch sizes, comma separated"));

    m_imgsz = new QSpinBox;
    m_imgsz->setRange(0, 4096);
    m_imgsz->setSingleStep(32);
    m_imgsz->setSpecialValueText(tr("family default"));
    m_imgsz->setSuffix(tr(" px"));

    m_precision = new QComboBox;
    m_precision->addItems({QStringLiteral("fp16"), QStringLiteral("fp32")});

    m_steps = new QSpinBox;
    m_steps->setRange(1, 100000);
    m_steps->setToolTip(tr("Timed steps per arm; the statistics use these"));
    m_warmup = new QSpinBox;
    m_warmup->setRange(0, 100000);
    m_warmup->setToolTip(tr("Untimed steps per arm before timing (cuDNN autotuning, allocator warm-up)"));

    auto* form = new QFormLayout;
    form->addRow(tr("Model"), familyRow);
    form->addRow(QString(), m_familyStatus);
    form->addRow(tr("Batches"), m_batches);
    form->addRow(tr("Image size"), m_imgsz);
    form->addRow(tr("Precision"), m_precision);
    form->addRow(tr("Timed steps"), m_steps);
    form->addRow(tr("Warm-up steps"), m_warmup);

    m_start = new QPushButton(tr("Start sweep"));
    m_start->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Kill the worker; rows measured so far are kept"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("idle"));
    m_status = new QLabel;
    m_status->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch();

    connect(m_batches, &QLineEdit::textChanged, this, &SweepPanel::validate);
    connect(m_family, &QComboBox::currentTextChanged, this, &SweepPanel::validate);
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (m_inputError.isEmpty()) emit startRequested(plan());
    });
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancelRequested);
    connect(m_browseModel, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("TorchScript model"), QString(), tr("TorchScript (*.pt *.pth *.ts *.jit *.torchscript);;All files (*)"));
        if (!file.isEmpty()) m_family->setEditText(file);
    });
    connect(m_catalog, &FamilyCatalog::loaded, this, &SweepPanel::onFamiliesLoaded);
    connect(m_catalog, &FamilyCatalog::failed, this, [this](const QString& message) {
        m_familyStatus->setText(tr("%1\nType a family name instead.").arg(message));
        m_familyStatus->setToolTip(message);
        m_familyStatus->show();
    });

    setPlan(presetPlan());
    setRunning(false);
}

void SweepPanel::loadFamilies(const QString& executable) { m_catalog->load(executable); }

void SweepPanel::onFamiliesLoaded(const QList<FamilyEntry>& families) {
    const QString current = m_family->currentText();
    m_family->clear();
    for (const auto& family : families) {
        m_family->addItem(family.name);
        m_family->setItemData(m_family->count() - 1, family.summary(), Qt::ToolTipRole);
    }
    const int index = m_family->findText(current);
    if (index >= 0) m_family->setCurrentIndex(index); else m_family->setEditText(current);
    m_familyStatus->hide();
    qCDebug(lcUiSweep) << families.size() << "families listed";
}

void SweepPanel::setPlan(const results::SweepPlan& plan) {
    m_base = plan;
    m_family->setEditText(QString::fromStdString(plan.model.empty() ? plan.family : plan.model));
    m_batches->setText(batchText(plan.batches));
    m_imgsz->setValue(plan.imgsz);
    m_precision->setCurrentText(QString::fromStdString(plan.precision));
    m_steps->setValue(plan.steps);
    m_warmup->setValue(plan.warmup);
    validate();
}

results::SweepPlan SweepPanel::plan() const {
    results::SweepPlan plan = m_base;
    const QString model = m_family->currentText().trimmed();
    if (isModelPath(model)) {
        plan.model = model.toStdString();
        plan.family.clear();
    } else {
        plan.model.clear();
        plan.task.clear();
        plan.family = model.toStdString();
    }
    try {
        // parseBatchList is strict; spaces after commas are a typing habit, not an error.
        plan.batches = results::parseBatchList(m_batches->text().remove(QLatin1Char(' ')).toStdString());
    } catch (const results::ResultsError&) {
        plan.batches.clear();
    }
    plan.imgsz = m_imgsz->value();
    plan.precision = m_precision->currentText().toStdString();
    plan.steps = m_steps->value();
    plan.warmup = m_warmup->value();
    return plan;
}

void SweepPanel::validate() {
    m_inputError.clear();
    try {
        results::parseBatchList(m_batches->text().remove(QLatin1Char(' ')).toStdString());
    } catch (const results::ResultsError& error) {
        m_inputError = QString::fromUtf8(error.what());
    }
    if (m_inputError.isEmpty()) {
        if (const auto error = results::validateSweepPlan(plan()); !error.empty()) {
            m_inputError = QString::fromStdString(error);
        }
    }
    m_batches->setStyleSheet(m_inputError.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c0392b;"));
    m_start->setToolTip(m_inputError);
    m_start->setEnabled(!m_running && m_inputError.isEmpty());
    if (!m_running) m_status->setText(m_inputError);
}

void SweepPanel::setRunning(bool running) {
    m_running = running;
    m_start->setEnabled(!running && m_inputError.isEmpty());
    m_cancel->setEnabled(running);
    for (QWidget* input : std::initializer_list<QWidget*>{m_family, m_browseModel, m_batches, m_imgsz, m_precision, m_steps, m_warmup}) {
        input->setEnabled(!running);
    }
    if (running) {
        m_progress->setRange(0, 0);  // busy until the first progress event gives a total
        m_progress->setFormat(tr("starting…"));
        m_status->clear();
        m_status->setStyleSheet(QString());
    }
}

void SweepPanel::setProgress(int done, int total, const QString& label, double etaSeconds) {
    m_progress->setRange(0, std::max(total, 1));
    m_progress->setValue(std::clamp(done, 0, std::max(total, 1)));
    QString text = tr("%1 / %2").arg(done).arg(total);
    if (const auto eta = formatEta(etaSeconds); !eta.isEmpty()) text += QStringLiteral(" · ") + eta;
    m_progress->setFormat(text);
    m_status->setText(label);
}

void SweepPanel::setFinished(bool ok, const QString& message) {
    if (m_progress->maximum() == 0) m_progress->setRange(0, 1);  // leave the busy state
    if (ok) m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(ok ? tr("done") : tr("stopped"));
    m_status->setStyleSheet(ok ? QString() : QStringLiteral("color: #c0392b;"));
    m_status->setText(message);
}

}  // namespace graphlens::ui
