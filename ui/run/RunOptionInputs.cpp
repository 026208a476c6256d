#include "ui/run/RunOptionInputs.h"

#include "results/ResultsError.h"
#include "ui/run/ChoiceChecks.h"
#include "ui/run/FieldMessages.h"
#include "ui/run/MessageStyle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QToolButton>

namespace graphlens::ui {
namespace {

QString batchText(const std::vector<int>& batches) {
    QStringList items;
    for (int batch : batches) items << QString::number(batch);
    return items.join(QLatin1Char(','));
}

// parseBatchList is strict; spaces after commas are a typing habit, not an error.
std::vector<int> parseBatches(const QLineEdit* field) {
    return results::parseBatchList(field->text().remove(QLatin1Char(' ')).toStdString());
}

QComboBox* comboBox(const char* objectName, const QStringList& items, const QString& toolTip) {
    auto* box = new QComboBox;
    box->setObjectName(QLatin1String(objectName));
    box->addItems(items);
    box->setToolTip(toolTip);
    return box;
}

QSpinBox* spinBox(const char* objectName, int minimum, int maximum, const QString& toolTip) {
    auto* box = new QSpinBox;
    box->setObjectName(QLatin1String(objectName));
    box->setRange(minimum, maximum);
    box->setToolTip(toolTip);
    return box;
}

QLabel* noteLabel(const char* objectName, const QPalette& palette) {
    auto* note = new QLabel;
    note->setWordWrap(true);
    note->setObjectName(QLatin1String(objectName));
    note->setStyleSheet(messageStyle(palette, false, true));
    note->hide();
    return note;
}

}  // namespace

RunOptionInputs::RunOptionInputs(QWidget* panel) : QObject(panel), m_panel(panel) {
    createSizeInputs();
    createArithmeticInputs();
    createGraphInputs();
    createStepInputs();
    // Phases and precision together decide whether the plan is valid (amp-bf16 has no inference arm).
    connect(m_batches, &QLineEdit::textChanged, this, &RunOptionInputs::changed);
    connect(m_imgsz, &QSpinBox::valueChanged, this, &RunOptionInputs::changed);
    connect(m_formats, &ChoiceChecks::changed, this, &RunOptionInputs::changed);
    connect(m_phases, &ChoiceChecks::changed, this, &RunOptionInputs::changed);
    connect(m_precision, &QComboBox::currentTextChanged, this, &RunOptionInputs::changed);
    connect(m_graphScopes, &ChoiceChecks::changed, this, &RunOptionInputs::changed);
    connect(m_optimizer, &QComboBox::currentTextChanged, this, &RunOptionInputs::changed);
}

void RunOptionInputs::createSizeInputs() {
    m_batches = new QLineEdit;
    m_batches->setObjectName(QStringLiteral("batches"));
    m_batches->setPlaceholderText(QStringLiteral("1,8,32"));
    m_batches->setToolTip(tr("Batch sizes, comma separated"));
    m_imgsz =
        spinBox("imgsz", 0, 4096,
                tr("Side of the square input image in pixels; the lowest value uses the family's own size"));
    m_imgsz->setSingleStep(32);
    m_imgsz->setSpecialValueText(tr("family default"));
    m_imgsz->setSuffix(tr(" px"));
    m_phases = new ChoiceChecks({{"infer", tr("inference"), QStringLiteral("phaseInfer")},
                                 {"train", tr("training"), QStringLiteral("phaseTrain")}},
                                tr("The steps timed: inference (predict calls), training steps, or both "
                                   "(inference first)"));
    m_phases->setObjectName(QStringLiteral("phases"));
}

void RunOptionInputs::createArithmeticInputs() {
    m_precision = comboBox("precision",
                           {QStringLiteral("fp32"), QStringLiteral("fp16"), QStringLiteral("amp-fp16"),
                            QStringLiteral("amp-bf16")},
                           tr("Inference runs fp32 or fp16 (amp-fp16 runs fp16 there); training autocasts "
                              "(fp16 trains as amp-fp16); amp-bf16 is a training precision only"));
    m_precisionNote = noteLabel("precisionNote", m_panel->palette());
    m_formats = new ChoiceChecks(
        {{"nchw", QStringLiteral("nchw"), QStringLiteral("formatNchw")},
         {"channels_last", QStringLiteral("channels_last"), QStringLiteral("formatChannelsLast")}},
        tr("Each memory format checked is its own configuration, run in turn"));
    m_formats->setObjectName(QStringLiteral("formats"));
}

void RunOptionInputs::createGraphInputs() {
    m_scope =
        comboBox("scope", {QStringLiteral("step"), QStringLiteral("network")},
                 tr("Inference steps: step is upload + network + postprocess; network is the network alone"));
    m_graphScopes =
        new ChoiceChecks({{"network", QStringLiteral("network"), QStringLiteral("graphScopeNetwork")},
                          {"step", QStringLiteral("step"), QStringLiteral("graphScopeStep")}},
                         tr("Training steps: network graphs forward + backward; step graphs the whole "
                            "step. Each scope checked is its own eager/graphed pair"));
    m_graphScopes->setObjectName(QStringLiteral("graphScopes"));
    m_optimizer =
        comboBox("optimizer", {QStringLiteral("sgd"), QStringLiteral("adamw")},
                 tr("The optimizer of the training steps (capturable, so it can be in the step graph)"));
    m_graph = comboBox("graph", {QStringLiteral("on"), QStringLiteral("auto")},
                       tr("on: capture at the first call of a shape; auto: once a shape has repeated"));
    m_jit = comboBox("jit", {QStringLiteral("fuse"), QStringLiteral("off")},
                     tr("TorchScript files only: fuse runs the executor with its fuser; off runs without"));
}

void RunOptionInputs::createStepInputs() {
    m_repeats =
        spinBox("repeats", 1, 50,
                tr("Rounds of alternating eager/graphed blocks (the spread between rounds is the noise)"));
    m_steps = spinBox("steps", 1, 100000, tr("Timed steps per arm; the statistics use these"));
    m_warmup = spinBox("warmup", 0, 100000,
                       tr("Untimed steps per arm before timing (cuDNN autotuning, allocator warm-up)"));
    m_profile = new QCheckBox(tr("CUPTI pass (launches, GPU idle, timeline)"));
    m_profile->setObjectName(QStringLiteral("profile"));
    m_profile->setToolTip(
        tr("After the timed steps, run the same steps again under CUPTI in processes of their own "
           "(API calls first, then kernels and copies): launches per step, CPU launch time, GPU "
           "idle and the step timeline"));
    m_deviceNote = noteLabel("deviceNote", m_panel->palette());
}

QLayout* RunOptionInputs::batchRow() {
    // Presets for the usual sweeps; the field stays free text.
    auto* presets = new QToolButton;
    presets->setText(tr("Presets"));
    presets->setObjectName(QStringLiteral("batchPresets"));
    presets->setAccessibleName(tr("Batch size presets"));
    presets->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(presets);
    for (const auto* preset : {"1,8,32", "1,2,4,8,16,32", "1,4,8,16", "8,16,32", "1,2,4,8,16,32,64,128"}) {
        const QString text = QString::fromLatin1(preset);
        connect(menu->addAction(text), &QAction::triggered, this, [this, text] { m_batches->setText(text); });
    }
    presets->setMenu(menu);
    auto* row = new QHBoxLayout;
    row->addWidget(m_batches, 1);
    row->addWidget(presets);
    return row;
}

void RunOptionInputs::addTo(QFormLayout* form, FieldMessages& messages) {
    messages.add(form, tr("Batches"), QStringLiteral("batches"), m_batches, batchRow());
    messages.add(form, tr("Image size"), QStringLiteral("imgsz"), m_imgsz);
    messages.add(form, tr("Phases"), QStringLiteral("phases"), m_phases);
    messages.setOutlined(QStringLiteral("phases"), m_phases->boxes());
    messages.add(form, tr("Precision"), QStringLiteral("precision"), m_precision);
    form->addRow(QString(), m_precisionNote);
    messages.add(form, tr("Memory formats"), QStringLiteral("formats"), m_formats);
    messages.setOutlined(QStringLiteral("formats"), m_formats->boxes());
    messages.add(form, tr("Inference scope"), QStringLiteral("scope"), m_scope);
    messages.add(form, tr("Graph mode"), QStringLiteral("graph"), m_graph);
    messages.add(form, tr("Training graph scopes"), QStringLiteral("graphScopes"), m_graphScopes);
    messages.setOutlined(QStringLiteral("graphScopes"), m_graphScopes->boxes());
    messages.add(form, tr("Optimizer"), QStringLiteral("optimizer"), m_optimizer);
    messages.add(form, tr("JIT"), QStringLiteral("jit"), m_jit);
    messages.add(form, tr("Timed steps"), QStringLiteral("steps"), m_steps);
    messages.add(form, tr("Warm-up steps"), QStringLiteral("warmup"), m_warmup);
    messages.add(form, tr("Repeats"), QStringLiteral("repeats"), m_repeats);
    messages.add(form, tr("Profiling"), QStringLiteral("profile"), m_profile);
    form->addRow(QString(), m_deviceNote);
}

void RunOptionInputs::show(const results::SweepPlan& plan) {
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
}

void RunOptionInputs::writeTo(results::SweepPlan& plan) const {
    try {
        plan.batches = parseBatches(m_batches);
    } catch (const results::ResultsError&) {
        plan.batches.clear();
    }
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
}

QString RunOptionInputs::batchesError() const {
    try {
        parseBatches(m_batches);
    } catch (const results::ResultsError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

bool RunOptionInputs::anyFormatChosen() const {
    return !m_formats->chosen().empty();
}

void RunOptionInputs::updateEnabled(bool running, bool modelIsFile, bool graphScopesFlagged) {
    // A flagged field stays editable so its error can be fixed without first choosing its phase.
    const bool inference = m_phases->isChosen("infer");
    const bool training = m_phases->isChosen("train");
    m_scope->setEnabled(!running && inference);
    m_graph->setEnabled(!running && inference);
    m_graphScopes->setEnabled(!running && (training || graphScopesFlagged));
    m_optimizer->setEnabled(!running && training);
    m_jit->setEnabled(!running && modelIsFile);
}

void RunOptionInputs::setRunning(bool running) {
    for (QWidget* input : std::initializer_list<QWidget*>{m_batches, m_imgsz, m_phases, m_precision,
                                                          m_formats, m_repeats, m_steps, m_warmup}) {
        input->setEnabled(!running);
    }
}

void RunOptionInputs::adaptToMachineWithoutCuda() {
    QStringList changed;
    if (m_precision->currentText() != QStringLiteral("fp32")) {
        changed << tr("fp32 instead of %1").arg(m_precision->currentText());
        m_precision->setCurrentText(QStringLiteral("fp32"));
    }
    if (m_profile->isChecked()) {
        changed << tr("no CUPTI pass");
        m_profile->setChecked(false);
    }
    m_profile->setToolTip(m_profile->toolTip() +
                          tr("\nThis machine has no CUDA device: there are no GPU kernels to profile."));
    m_deviceNote->setText(changed.isEmpty() ? tr("No CUDA device here: graphs are skipped on the CPU.")
                                            : tr("No CUDA device here, so %1: graphs are skipped on the CPU.")
                                                  .arg(changed.join(tr(" and "))));
    m_deviceNote->show();
}

void RunOptionInputs::updatePrecisionNote(const results::SweepPlan& current, bool valid,
                                          const QString& measured) {
    // Only a difference from the precisions the chosen phases give their rows is worth a note.
    QStringList expected;
    if (valid) {
        if (results::hasPhase(current, "infer"))
            expected << QString::fromStdString(results::inferencePrecision(current));
        if (results::hasPhase(current, "train")) {
            const auto training = QString::fromStdString(results::trainingPrecision(current));
            if (!expected.contains(training)) expected << training;
        }
    } else {
        expected << m_precision->currentText();
    }
    QStringList rows = measured.split(QStringLiteral(", "), Qt::SkipEmptyParts);
    rows.sort();
    expected.sort();
    const bool differs = !rows.isEmpty() && rows != expected;
    m_precisionNote->setText(differs ? tr("The rows shown are %1").arg(measured) : QString());
    m_precisionNote->setVisible(differs);
}

void RunOptionInputs::restyle() {
    m_precisionNote->setStyleSheet(messageStyle(m_panel->palette(), false, true));
    m_deviceNote->setStyleSheet(messageStyle(m_panel->palette(), false, true));
}

}  // namespace graphlens::ui
