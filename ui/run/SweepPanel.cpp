#include "ui/run/SweepPanel.h"

#include "results/ResultsError.h"
#include "ui/Resources.h"
#include "ui/Theme.h"
#include "ui/UiLogging.h"
#include "ui/run/ChoiceChecks.h"
#include "ui/run/FamilyListDelegate.h"
#include "ui/run/PlanErrorField.h"

#include <QCheckBox>
#include <QEvent>
#include <QToolButton>
#include <QMenu>
#include <QAbstractItemView>
#include <QComboBox>
#include <QSettings>
#include <algorithm>
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
#include <utility>

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

QString SweepPanel::settingsKey() { return QStringLiteral("sweep/lastPlan"); }

results::SweepPlan SweepPanel::defaultPlan() { return presetPlan(); }

void SweepPanel::saveSettings() const {
    if (!m_settings || !m_inputError.isEmpty()) return;
    auto saved = plan();
    saved.csv.clear();  // where one run's files went is not a setting for the next
    saved.json.clear();
    saved.autosave.clear();
    saved.trace.clear();
    m_settings->setValue(settingsKey(), QString::fromStdString(results::toJson(saved).dump()));
    m_settings->sync();
}

SweepPanel::SweepPanel(QWidget* parent, QSettings* settings)
    : QWidget(parent), m_catalog(new FamilyCatalog(this)), m_settings(settings) {
    initResources();
    m_family = new QComboBox;
    m_family->setEditable(true);  // a TorchScript file or an engine without `list` still works
    m_family->setInsertPolicy(QComboBox::NoInsert);
    m_family->setToolTip(tr("A built-in family, or the path of a TorchScript file (its graph support is "
                            "decided by the parity check when the sweep loads it)"));
    m_browseModel = new QPushButton(tr("File…"));
    m_browseModel->setToolTip(tr("Sweep your own model: a file written by torch.jit.save"));
    m_browseModel->setAccessibleName(tr("Choose a TorchScript model file"));
    auto* familyRow = new QHBoxLayout;
    familyRow->addWidget(m_family, 1);
    familyRow->addWidget(m_browseModel);
    m_familyStatus = new QLabel;
    m_familyStatus->setWordWrap(true);
    m_familyStatus->setStyleSheet(QStringLiteral("font-size: small;"));  // palette(mid) text was 1.7:1 on Fusion light
    m_familyStatus->hide();
    // What the model is and which graphs it supports, visible while choosing (not only as a tooltip).
    m_familyDetailsLabel = new QLabel;
    m_familyDetailsLabel->setObjectName(QStringLiteral("familyDetails"));
    m_familyDetailsLabel->setWordWrap(true);
    m_familyDetailsLabel->setStyleSheet(QStringLiteral("font-size: small;"));
    m_familyDetailsLabel->hide();

    m_data = new QLineEdit;
    m_data->setObjectName(QStringLiteral("data"));
    m_data->setPlaceholderText(tr("built-in dataset"));
    m_data->setClearButtonEnabled(true);
    m_data->setToolTip(tr("Empty: the built-in dataset. Or a YOLO data.yaml (detection) or an ImageFolder "
                          "folder of class folders (classification); checked by the engine when chosen"));
    // One button, two choices: a detection YAML is a file, an ImageFolder a folder.
    auto* browseData = new QToolButton;
    browseData->setText(tr("Choose…"));
    browseData->setObjectName(QStringLiteral("chooseData"));
    browseData->setAccessibleName(tr("Choose a dataset"));
    browseData->setPopupMode(QToolButton::InstantPopup);
    auto* browseMenu = new QMenu(browseData);
    auto* browseYaml = browseMenu->addAction(tr("YOLO data.yaml…"));
    auto* browseFolder = browseMenu->addAction(tr("ImageFolder folder…"));
    browseData->setMenu(browseMenu);
    auto* dataRow = new QHBoxLayout;
    dataRow->addWidget(m_data, 1);
    dataRow->addWidget(browseData);
    m_dataStatus = new QLabel;
    m_dataStatus->setObjectName(QStringLiteral("dataStatus"));
    m_dataStatus->setWordWrap(true);
    m_dataStatus->setStyleSheet(QStringLiteral("font-size: small;"));
    m_dataCheck = new DatasetCheck(this);

    m_batches = new QLineEdit;
    m_batches->setPlaceholderText(QStringLiteral("1,8,32"));
    m_batches->setToolTip(tr("Batch sizes, comma separated"));

    m_imgsz = new QSpinBox;
    m_imgsz->setRange(0, 4096);
    m_imgsz->setSingleStep(32);
    m_imgsz->setSpecialValueText(tr("family default"));
    m_imgsz->setSuffix(tr(" px"));
    m_imgsz->setToolTip(tr("Side of the square input image in pixels; the lowest value uses the family's own size"));

    m_phases = new ChoiceChecks({{"infer", tr("inference"), QStringLiteral("phaseInfer")},
                                 {"train", tr("training"), QStringLiteral("phaseTrain")}},
                                tr("The steps timed: inference (predict calls), training steps, or both "
                                   "(inference first)"));

    m_precision = new QComboBox;
    m_precision->addItems({QStringLiteral("fp32"), QStringLiteral("fp16"), QStringLiteral("amp-fp16"),
                           QStringLiteral("amp-bf16")});
    m_precision->setToolTip(tr("Inference runs fp32 or fp16 (amp-fp16 runs fp16 there); training autocasts "
                               "(fp16 trains as amp-fp16); amp-bf16 is a training precision only"));
    m_precisionNote = new QLabel;
    m_precisionNote->setWordWrap(true);
    m_precisionNote->setObjectName(QStringLiteral("precisionNote"));
    m_precisionNote->setStyleSheet(messageStyle(false, true));
    m_precisionNote->hide();

    m_formats = new ChoiceChecks({{"nchw", QStringLiteral("nchw"), QStringLiteral("formatNchw")},
                                  {"channels_last", QStringLiteral("channels_last"), QStringLiteral("formatChannelsLast")}},
                                 tr("Each memory format checked is its own configuration, run in turn"));

    m_scope = new QComboBox;
    m_scope->addItems({QStringLiteral("step"), QStringLiteral("network")});
    m_scope->setToolTip(tr("Inference steps: step is upload + network + postprocess; network is the network alone"));
    m_graphScopes = new ChoiceChecks({{"network", QStringLiteral("network"), QStringLiteral("graphScopeNetwork")},
                                      {"step", QStringLiteral("step"), QStringLiteral("graphScopeStep")}},
                                     tr("Training steps: network graphs forward + backward; step graphs the whole "
                                        "step. Each scope checked is its own eager/graphed pair"));
    m_optimizer = new QComboBox;
    m_optimizer->addItems({QStringLiteral("sgd"), QStringLiteral("adamw")});
    m_optimizer->setToolTip(tr("The optimizer of the training steps (capturable, so it can be in the step graph)"));
    m_repeats = new QSpinBox;
    m_repeats->setRange(1, 50);
    m_repeats->setToolTip(tr("Rounds of alternating eager/graphed blocks (the spread between rounds is the noise)"));
    m_graph = new QComboBox;
    m_graph->addItems({QStringLiteral("on"), QStringLiteral("auto")});
    m_graph->setToolTip(tr("on: capture at the first call of a shape; auto: once a shape has repeated"));
    m_jit = new QComboBox;
    m_jit->addItems({QStringLiteral("fuse"), QStringLiteral("off")});
    m_jit->setToolTip(tr("TorchScript files only: fuse runs the executor with its fuser; off runs without"));

    m_steps = new QSpinBox;
    m_steps->setRange(1, 100000);
    m_steps->setToolTip(tr("Timed steps per arm; the statistics use these"));
    m_warmup = new QSpinBox;
    m_warmup->setRange(0, 100000);
    m_warmup->setToolTip(tr("Untimed steps per arm before timing (cuDNN autotuning, allocator warm-up)"));

    m_family->setObjectName(QStringLiteral("model"));
    m_batches->setObjectName(QStringLiteral("batches"));
    m_imgsz->setObjectName(QStringLiteral("imgsz"));
    m_phases->setObjectName(QStringLiteral("phases"));
    m_precision->setObjectName(QStringLiteral("precision"));
    m_formats->setObjectName(QStringLiteral("formats"));
    m_scope->setObjectName(QStringLiteral("scope"));
    m_graphScopes->setObjectName(QStringLiteral("graphScopes"));
    m_optimizer->setObjectName(QStringLiteral("optimizer"));
    m_repeats->setObjectName(QStringLiteral("repeats"));
    m_graph->setObjectName(QStringLiteral("graph"));
    m_jit->setObjectName(QStringLiteral("jit"));
    m_steps->setObjectName(QStringLiteral("steps"));
    m_warmup->setObjectName(QStringLiteral("warmup"));

    auto* form = new QFormLayout;
    addField(form, tr("Model"), QStringLiteral("model"), m_family, familyRow);
    form->addRow(QString(), m_familyDetailsLabel);
    form->addRow(QString(), m_familyStatus);
    addField(form, tr("Dataset"), QStringLiteral("data"), m_data, dataRow);
    form->addRow(QString(), m_dataStatus);
    // Presets for the usual sweeps; the field stays free text.
    auto* batchPresets = new QToolButton;
    batchPresets->setText(tr("Presets"));
    batchPresets->setObjectName(QStringLiteral("batchPresets"));
    batchPresets->setAccessibleName(tr("Batch size presets"));
    batchPresets->setPopupMode(QToolButton::InstantPopup);
    auto* presetMenu = new QMenu(batchPresets);
    for (const auto* preset : {"1,8,32", "1,2,4,8,16,32", "1,4,8,16", "8,16,32", "1,2,4,8,16,32,64,128"}) {
        const QString text = QString::fromLatin1(preset);
        connect(presetMenu->addAction(text), &QAction::triggered, this, [this, text] { m_batches->setText(text); });
    }
    batchPresets->setMenu(presetMenu);
    auto* batchRow = new QHBoxLayout;
    batchRow->addWidget(m_batches, 1);
    batchRow->addWidget(batchPresets);
    addField(form, tr("Batches"), QStringLiteral("batches"), m_batches, batchRow);
    addField(form, tr("Image size"), QStringLiteral("imgsz"), m_imgsz);
    addField(form, tr("Phases"), QStringLiteral("phases"), m_phases);
    m_fields[QStringLiteral("phases")].first = m_phases->boxes();
    addField(form, tr("Precision"), QStringLiteral("precision"), m_precision);
    form->addRow(QString(), m_precisionNote);
    addField(form, tr("Memory formats"), QStringLiteral("formats"), m_formats);
    m_fields[QStringLiteral("formats")].first = m_formats->boxes();
    addField(form, tr("Inference scope"), QStringLiteral("scope"), m_scope);
    addField(form, tr("Graph mode"), QStringLiteral("graph"), m_graph);
    addField(form, tr("Training graph scopes"), QStringLiteral("graphScopes"), m_graphScopes);
    m_fields[QStringLiteral("graphScopes")].first = m_graphScopes->boxes();
    addField(form, tr("Optimizer"), QStringLiteral("optimizer"), m_optimizer);
    addField(form, tr("JIT"), QStringLiteral("jit"), m_jit);
    addField(form, tr("Timed steps"), QStringLiteral("steps"), m_steps);
    addField(form, tr("Warm-up steps"), QStringLiteral("warmup"), m_warmup);
    addField(form, tr("Repeats"), QStringLiteral("repeats"), m_repeats);
    m_profile = new QCheckBox(tr("CUPTI pass (launches, GPU idle, timeline)"));
    m_profile->setObjectName(QStringLiteral("profile"));
    m_profile->setToolTip(tr("After the timed steps, run the same steps again under CUPTI in processes of their own "
                             "(API calls first, then kernels and copies): launches per step, CPU launch time, GPU "
                             "idle and the step timeline"));
    addField(form, tr("Profiling"), QStringLiteral("profile"), m_profile);
    m_deviceNote = new QLabel;
    m_deviceNote->setObjectName(QStringLiteral("deviceNote"));
    m_deviceNote->setWordWrap(true);
    m_deviceNote->setStyleSheet(messageStyle(false, true));
    m_deviceNote->hide();
    form->addRow(QString(), m_deviceNote);

    m_start = new QPushButton(tr("Start sweep"));
    m_start->setDefault(true);
    m_start->setAccessibleName(tr("Start sweep"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Kill the worker; rows measured so far are kept"));
    m_cancel->setAccessibleName(tr("Cancel sweep"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("idle"));
    m_progress->setAccessibleName(tr("Sweep progress"));
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
    connect(m_family, &QComboBox::currentTextChanged, this, &SweepPanel::showFamilyDetails);
    connect(m_imgsz, &QSpinBox::valueChanged, this, &SweepPanel::validate);
    connect(m_formats, &ChoiceChecks::changed, this, &SweepPanel::validate);
    // Phases and precision together decide whether the plan is valid (amp-bf16 has no inference arm).
    connect(m_phases, &ChoiceChecks::changed, this, &SweepPanel::validate);
    connect(m_precision, &QComboBox::currentTextChanged, this, &SweepPanel::validate);
    connect(m_graphScopes, &ChoiceChecks::changed, this, &SweepPanel::validate);
    connect(m_optimizer, &QComboBox::currentTextChanged, this, &SweepPanel::validate);
    connect(m_start, &QPushButton::clicked, this, &SweepPanel::requestStart);
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancelRequested);
    connect(m_browseModel, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("TorchScript model"), QString(), tr("TorchScript (*.pt *.pth *.ts *.jit *.torchscript);;All files (*)"));
        if (!file.isEmpty()) m_family->setEditText(file);
    });
    connect(m_data, &QLineEdit::editingFinished, this, &SweepPanel::checkData);
    connect(m_data, &QLineEdit::textChanged, this, &SweepPanel::validate);
    connect(browseYaml, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("YOLO dataset"), m_data->text(),
                                                          tr("YOLO data.yaml (*.yaml *.yml);;All files (*)"));
        if (file.isEmpty()) return;
        m_data->setText(file);
        checkData();
    });
    connect(browseFolder, &QAction::triggered, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("ImageFolder dataset"), m_data->text());
        if (folder.isEmpty()) return;
        m_data->setText(folder);
        checkData();
    });
    connect(m_dataCheck, &DatasetCheck::finished, this, &SweepPanel::onDataChecked);
    connect(m_catalog, &FamilyCatalog::loaded, this, &SweepPanel::onFamiliesLoaded);
    connect(m_catalog, &FamilyCatalog::failed, this, [this](const QString& message) {
        m_familyStatus->setText(tr("%1\nType a family name instead.").arg(message));
        m_familyStatus->setToolTip(message);
        m_familyStatus->show();
    });

    results::SweepPlan initial = presetPlan();
    if (m_settings && m_settings->contains(settingsKey())) {
        // A value written by an older or newer GraphLens, or edited by hand, may no longer be a
        // valid plan: then the preset, and a warning on graphlens.ui.sweep.
        const QString saved = m_settings->value(settingsKey()).toString();
        try {
            auto restored = results::sweepPlanFromJson(nlohmann::json::parse(saved.toStdString()), "saved settings");
            if (const auto error = results::validateSweepPlan(restored); error.empty()) {
                initial = std::move(restored);
                if (initial.model.empty()) m_restoredFamily = QString::fromStdString(initial.family);
            } else {
                qCWarning(lcUiSweep) << "saved sweep settings ignored:" << error.c_str();
            }
        } catch (const std::exception& error) {
            qCWarning(lcUiSweep) << "saved sweep settings unreadable:" << error.what();
        }
    }
    setPlan(initial);
    setRunning(false);
}

QWidget* SweepPanel::addField(QFormLayout* form, const QString& label, const QString& field, QWidget* input,
                              QLayout* row) {
    if (row) form->addRow(label, row); else form->addRow(label, input);
    // Screen readers say the form's label; a check box of a list field says which list it is in.
    input->setAccessibleName(label);
    const auto boxes = input->findChildren<QCheckBox*>();
    for (auto* box : boxes) box->setAccessibleName(tr("%1: %2").arg(label, box->text()));
    // The message sits right under the field at fault.
    auto* error = new QLabel;
    error->setObjectName(field + QStringLiteral("Error"));
    error->setWordWrap(true);
    error->setStyleSheet(messageStyle(true, true));
    error->hide();
    form->addRow(QString(), error);
    m_fields.insert(field, {QList<QWidget*>{input}, error});
    return error;
}

void SweepPanel::flag(const QString& field, const QString& message) {
    const auto found = m_fields.find(field);
    if (found == m_fields.end()) return;
    for (QWidget* input : found->first) {
        input->setStyleSheet(message.isEmpty() ? QString()
                                                : QStringLiteral("border: 1px solid %1;").arg(errorTextColor(palette()).name()));
    }
    found->second->setText(message);
    found->second->setVisible(!message.isEmpty());
}

QString SweepPanel::fieldError(const QString& field) const {
    const auto found = m_fields.find(field);
    return found == m_fields.end() ? QString() : found->second->text();
}

void SweepPanel::requestStart() {
    if (m_running || !m_inputError.isEmpty()) return;
    saveSettings();  // the next window starts from this run's settings
    emit startRequested(plan());
}

void SweepPanel::setMeasuredPrecision(const QString& precisions) {
    m_measuredPrecision = precisions;
    updatePrecisionNote();
}

void SweepPanel::adaptToMachineWithoutCuda() {
    QStringList changed;
    if (m_precision->currentText() != QStringLiteral("fp32")) {
        changed << tr("fp32 instead of %1").arg(m_precision->currentText());
        m_precision->setCurrentText(QStringLiteral("fp32"));
    }
    if (m_profile->isChecked()) {
        changed << tr("no CUPTI pass");
        m_profile->setChecked(false);
    }
    m_profile->setToolTip(m_profile->toolTip() + tr("\nThis machine has no CUDA device: there are no GPU kernels to profile."));
    m_deviceNote->setText(changed.isEmpty() ? tr("No CUDA device here: graphs are skipped on the CPU.")
                                            : tr("No CUDA device here, so %1: graphs are skipped on the CPU.")
                                                  .arg(changed.join(tr(" and "))));
    m_deviceNote->show();
    validate();
}

void SweepPanel::updatePrecisionNote() {
    // The precisions the chosen phases give their rows (fp16 trains as amp-fp16): only a difference
    // from those is worth a note.
    QStringList expected;
    const auto current = plan();
    if (m_inputError.isEmpty() && results::validateSweepPlan(current).empty()) {
        if (results::hasPhase(current, "infer")) expected << QString::fromStdString(results::inferencePrecision(current));
        if (results::hasPhase(current, "train")) {
            const auto training = QString::fromStdString(results::trainingPrecision(current));
            if (!expected.contains(training)) expected << training;
        }
    } else {
        expected << m_precision->currentText();
    }
    QStringList measured = m_measuredPrecision.split(QStringLiteral(", "), Qt::SkipEmptyParts);
    measured.sort();
    expected.sort();
    const bool differs = !measured.isEmpty() && measured != expected;
    m_precisionNote->setText(differs ? tr("The rows shown are %1").arg(m_measuredPrecision) : QString());
    m_precisionNote->setVisible(differs);
}

void SweepPanel::loadFamilies(const QString& executable) {
    m_engine = executable;
    m_catalog->load(executable);
    m_dataCheckedFor.clear();  // a dataset shown before there was an engine is checked now
    checkData();
}

void SweepPanel::checkData() {
    const QString data = m_data->text().trimmed();
    if (!data.isEmpty() && data == m_dataCheckedFor && !m_dataCheck->running()) return;  // answered already
    m_dataCheck->cancel();
    m_dataCheckedFor.clear();
    m_dataOutcome = {};
    if (data.isEmpty()) {
        m_dataStatus->setText(tr("Built-in dataset (made on first use, to suit the model)."));
    } else if (m_engine.isEmpty()) {
        m_dataStatus->setText(tr("Not checked yet: the engine checks it when the window has found it."));
    } else {
        m_dataStatus->setText(tr("Checking %1…").arg(data));
        m_dataCheck->start(m_engine, data);
    }
    validate();
}

void SweepPanel::onDataChecked(const DatasetCheckOutcome& outcome) {
    m_dataCheckedFor = m_data->text().trimmed();
    m_dataOutcome = outcome;
    QString text = outcome.ok ? outcome.summary : QString();
    if (outcome.ok && !outcome.warnings.isEmpty()) {
        text += tr("\n%n image(s) will be skipped: %1", nullptr, int(outcome.warnings.size())).arg(outcome.warnings.front());
    }
    m_dataStatus->setText(text);
    validate();
}

QString SweepPanel::dataError() const {
    const QString data = m_data->text().trimmed();
    if (data.isEmpty() || m_engine.isEmpty() || data != m_dataCheckedFor) return {};
    if (!m_dataOutcome.ok) return m_dataOutcome.error;
    // A classifier cannot train or be timed on boxes, nor a detector on class folders.
    const QString model = m_family->currentText().trimmed();
    const QString familyTask = m_familyTasks.value(model);
    if (!familyTask.isEmpty() && !m_dataOutcome.task.isEmpty() && familyTask != m_dataOutcome.task) {
        return tr("%1 is a %2 model but %3 is a %4 dataset").arg(model, familyTask, data, m_dataOutcome.task);
    }
    return {};
}

void SweepPanel::onFamiliesLoaded(const QList<FamilyEntry>& families) {
    const QString current = m_family->currentText();
    m_family->clear();
    m_familyTasks.clear();
    m_familyDetails.clear();
    for (const auto& family : families) {
        m_familyTasks.insert(family.name, family.task);
        m_familyDetails.insert(family.name, family.details());
        m_family->addItem(family.name);
        m_family->setItemData(m_family->count() - 1, family.summary(), Qt::ToolTipRole);
    }
    // The list shows each family's details beside its name (FamilyListDelegate); the box keeps the name.
    m_family->setItemDelegate(new FamilyListDelegate(m_familyDetails, m_family));
    m_family->view()->setMinimumWidth(m_family->view()->sizeHintForColumn(0));
    const int index = m_family->findText(current);
    if (index >= 0) m_family->setCurrentIndex(index); else m_family->setEditText(current);
    m_familyStatus->hide();
    showFamilyDetails();  // the text may not have changed, its details just arrived
    // A family restored from settings that the engine no longer offers: back to the preset's.
    const QString restored = std::exchange(m_restoredFamily, QString());
    if (!restored.isEmpty() && !families.isEmpty() && m_family->currentText().trimmed() == restored &&
        m_family->findText(restored) < 0) {
        const auto fallback = QString::fromStdString(presetPlan().family);
        m_family->setEditText(fallback);
        m_familyStatus->setText(tr("The last family used, %1, is not offered by this engine; back to %2.")
                                    .arg(restored, fallback));
        m_familyStatus->show();
    }
    qCDebug(lcUiSweep) << families.size() << "families listed";
}

void SweepPanel::showFamilyDetails() {
    const QString model = m_family->currentText().trimmed();
    QString text = m_familyDetails.value(model);
    if (text.isEmpty() && isModelPath(model)) {
        text = tr("TorchScript file: its graph support is decided by the parity check when the sweep loads it");
    }
    m_familyDetailsLabel->setText(text);
    m_familyDetailsLabel->setVisible(!text.isEmpty());
}

void SweepPanel::setPlan(const results::SweepPlan& plan) {
    m_base = plan;
    m_family->setEditText(QString::fromStdString(plan.model.empty() ? plan.family : plan.model));
    m_data->setText(QString::fromStdString(plan.data));
    checkData();
    m_batches->setText(batchText(plan.batches));
    m_imgsz->setValue(plan.imgsz);
    m_phases->setChosen(plan.phases);
    m_precision->setCurrentText(QString::fromStdString(plan.precision));
    m_formats->setChosen(plan.memoryFormats);
    m_scope->setCurrentText(QString::fromStdString(plan.scope));
    m_graphScopes->setChosen(plan.graphScopes);
    m_optimizer->setCurrentText(QString::fromStdString(plan.optimizer));
    m_repeats->setValue(plan.repeats);
    m_graph->setCurrentText(QString::fromStdString(plan.graph));
    m_jit->setCurrentText(QString::fromStdString(plan.jit));
    m_steps->setValue(plan.steps);
    m_warmup->setValue(plan.warmup);
    m_profile->setChecked(plan.profile);
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
    plan.data = m_data->text().trimmed().toStdString();
    plan.imgsz = m_imgsz->value();
    plan.phases = m_phases->chosen();  // inference first, the order the engine runs them in
    plan.precision = m_precision->currentText().toStdString();
    plan.memoryFormats = m_formats->chosen();
    plan.scope = m_scope->currentText().toStdString();
    plan.graphScopes = m_graphScopes->chosen();
    plan.optimizer = m_optimizer->currentText().toStdString();
    plan.repeats = m_repeats->value();
    plan.graph = m_graph->currentText().toStdString();
    plan.jit = m_jit->currentText().toStdString();  // the engine reads it only for a TorchScript model
    plan.steps = m_steps->value();
    plan.warmup = m_warmup->value();
    plan.profile = m_profile->isChecked();
    return plan;
}

void SweepPanel::validate() {
    // Each problem is flagged next to the field at fault; the first one also disables Start.
    QHash<QString, QString> errors;
    const QString model = m_family->currentText().trimmed();
    if (model.isEmpty()) errors.insert(QStringLiteral("model"), tr("Choose a family or a TorchScript file"));
    try {
        results::parseBatchList(m_batches->text().remove(QLatin1Char(' ')).toStdString());
    } catch (const results::ResultsError& error) {
        errors.insert(QStringLiteral("batches"), QString::fromUtf8(error.what()));
    }
    if (m_formats->chosen().empty()) {
        errors.insert(QStringLiteral("formats"), tr("Check at least one memory format"));
    }
    if (const QString error = dataError(); !error.isEmpty()) errors.insert(QStringLiteral("data"), error);
    if (errors.isEmpty()) {
        if (const auto error = results::validateSweepPlan(plan()); !error.empty()) {
            // The engine's own rule (e.g. amp-bf16 has no inference arm), flagged at the field it names.
            const QString text = QString::fromStdString(error);
            const QString field = planErrorField(text);
            errors.insert(field, text);  // "" when no field owns it: shown under the buttons
        }
    }
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) flag(it.key(), errors.value(it.key()));

    static const QStringList kOrder{QStringLiteral("model"),   QStringLiteral("data"),        QStringLiteral("batches"),     QStringLiteral("imgsz"),
                                    QStringLiteral("phases"),  QStringLiteral("precision"),   QStringLiteral("formats"),
                                    QStringLiteral("scope"),   QStringLiteral("graph"),       QStringLiteral("graphScopes"),
                                    QStringLiteral("optimizer"), QStringLiteral("jit"),       QStringLiteral("steps"),
                                    QStringLiteral("warmup"),  QStringLiteral("repeats"),     QString()};
    m_inputError.clear();
    for (const auto& field : kOrder) {
        if (errors.contains(field)) {
            m_inputError = errors.value(field);
            break;
        }
    }
    if (m_inputError.isEmpty() && !m_engine.isEmpty() && !m_data->text().trimmed().isEmpty()) {
        // Start waits for the engine's word on the dataset (leaving the field starts the check).
        if (m_dataCheck->running()) {
            m_inputError = tr("the dataset is being checked");
        } else if (m_data->text().trimmed() != m_dataCheckedFor) {
            m_inputError = tr("the dataset has not been checked yet (press Enter in Dataset)");
        }
    }
    updateEnabled();
    updatePrecisionNote();
    m_start->setToolTip(m_inputError);
    m_start->setEnabled(!m_running && m_inputError.isEmpty());
    if (!m_running) {
        m_statusIsError = !m_inputError.isEmpty();
        m_status->setStyleSheet(m_statusIsError ? messageStyle(true, false) : QString());
        m_status->setText(m_inputError.isEmpty() ? QString() : tr("Cannot start: %1").arg(m_inputError));
    }
}

void SweepPanel::updateEnabled() {
    // Kept in the plan but greyed out where the plan does not read them; a flagged field stays
    // editable so its error can be fixed without first choosing the phase it belongs to.
    const bool inference = m_phases->isChosen("infer");
    const bool training = m_phases->isChosen("train");
    m_scope->setEnabled(!m_running && inference);
    m_graph->setEnabled(!m_running && inference);
    m_graphScopes->setEnabled(!m_running && (training || !fieldError(QStringLiteral("graphScopes")).isEmpty()));
    m_optimizer->setEnabled(!m_running && training);
    // JIT applies to a TorchScript file only; for a built-in family it is kept but greyed out.
    m_jit->setEnabled(!m_running && isModelPath(m_family->currentText().trimmed()));
}

void SweepPanel::setRunning(bool running) {
    m_running = running;
    m_start->setEnabled(!running && m_inputError.isEmpty());
    m_cancel->setEnabled(running);
    for (QWidget* input : std::initializer_list<QWidget*>{m_family, m_browseModel, m_batches, m_imgsz, m_phases,
                                                          m_precision, m_formats, m_repeats, m_steps, m_warmup}) {
        input->setEnabled(!running);
    }
    updateEnabled();
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
    m_statusIsError = !ok;
    m_status->setStyleSheet(m_statusIsError ? messageStyle(true, false) : QString());
    m_status->setText(message);
}

QString SweepPanel::messageStyle(bool error, bool small) const {
    const QColor color = error ? errorTextColor(palette()) : warningTextColor(palette());
    return QStringLiteral("color: %1;").arg(color.name()) + (small ? QStringLiteral(" font-size: small;") : QString());
}

void SweepPanel::restyleMessages() {
    m_precisionNote->setStyleSheet(messageStyle(false, true));
    m_deviceNote->setStyleSheet(messageStyle(false, true));
    for (const auto& field : std::as_const(m_fields)) field.second->setStyleSheet(messageStyle(true, true));
    if (m_statusIsError) m_status->setStyleSheet(messageStyle(true, false));
}

void SweepPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyleMessages();
}

}  // namespace graphlens::ui
