#include "ui/run/SweepPanel.h"

#include "ui/Resources.h"
#include "ui/run/DatasetField.h"
#include "ui/run/FamilyCatalog.h"
#include "ui/run/ModelField.h"
#include "ui/run/PlanErrorField.h"
#include "ui/run/RunControls.h"
#include "ui/run/RunOptionInputs.h"
#include "ui/run/SweepPlanSettings.h"

#include <QEvent>
#include <QFormLayout>
#include <QVBoxLayout>

namespace graphlens::ui {

bool SweepPanel::isModelPath(const QString& text) {
    return ModelField::isFilePath(text);
}

QString SweepPanel::settingsKey() {
    return SweepPlanSettings::key();
}

results::SweepPlan SweepPanel::defaultPlan() {
    return SweepPlanSettings::preset();
}

void SweepPanel::saveSettings() const {
    if (!m_settings || !m_inputError.isEmpty()) return;
    SweepPlanSettings::save(m_settings, plan());
}

SweepPanel::SweepPanel(QWidget* parent, QSettings* settings)
    : QWidget(parent), m_catalog(new FamilyCatalog(this)), m_settings(settings), m_messages(this) {
    initResources();
    m_model = new ModelField(m_catalog, this);
    m_data = new DatasetField(this);
    m_options = new RunOptionInputs(this);
    m_controls = new RunControls(this);

    // One form, so every row's label lines up; each part adds its own rows with their messages.
    auto* form = new QFormLayout;
    m_model->addTo(form, m_messages);
    m_data->addTo(form, m_messages);
    m_options->addTo(form, m_messages);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    m_controls->addTo(layout);
    layout->addStretch();

    connect(m_model, &ModelField::changed, this, &SweepPanel::validate);
    connect(m_data, &DatasetField::changed, this, &SweepPanel::validate);
    connect(m_options, &RunOptionInputs::changed, this, &SweepPanel::validate);
    connect(m_controls, &RunControls::startClicked, this, &SweepPanel::requestStart);
    connect(m_controls, &RunControls::cancelClicked, this, &SweepPanel::cancelRequested);

    bool restored = false;
    const results::SweepPlan initial = SweepPlanSettings::restore(m_settings, &restored);
    if (restored && initial.model.empty())
        m_model->expectRestoredFamily(QString::fromStdString(initial.family));
    setPlan(initial);
    setRunning(false);
}

QString SweepPanel::fieldError(const QString& field) const {
    return m_messages.message(field);
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
    m_options->adaptToMachineWithoutCuda();
    validate();
}

void SweepPanel::updatePrecisionNote() {
    const auto current = plan();
    const bool valid = m_inputError.isEmpty() && results::validateSweepPlan(current).empty();
    m_options->updatePrecisionNote(current, valid, m_measuredPrecision);
}

void SweepPanel::loadFamilies(const QString& executable) {
    m_catalog->load(executable);
    m_data->setEngine(executable);  // the engine that lists families checks datasets too
}

void SweepPanel::setPlan(const results::SweepPlan& plan) {
    m_base = plan;
    m_model->setText(QString::fromStdString(plan.model.empty() ? plan.family : plan.model));
    m_data->setText(QString::fromStdString(plan.data));
    m_options->show(plan);
    validate();
}

results::SweepPlan SweepPanel::plan() const {
    results::SweepPlan plan = m_base;
    const QString model = m_model->text();
    if (isModelPath(model)) {
        plan.model = model.toStdString();
        plan.family.clear();
    } else {
        plan.model.clear();
        plan.task.clear();
        plan.family = model.toStdString();
    }
    plan.data = m_data->text().toStdString();
    m_options->writeTo(plan);
    return plan;
}

QHash<QString, QString> SweepPanel::inputErrors() const {
    QHash<QString, QString> errors;
    const QString model = m_model->text();
    if (model.isEmpty()) errors.insert(QStringLiteral("model"), tr("Choose a family or a model file"));
    if (const QString error = m_options->batchesError(); !error.isEmpty())
        errors.insert(QStringLiteral("batches"), error);
    if (!m_options->anyFormatChosen())
        errors.insert(QStringLiteral("formats"), tr("Check at least one memory format"));
    if (const QString error = m_data->error(model, m_model->taskOf(model)); !error.isEmpty()) {
        errors.insert(QStringLiteral("data"), error);
    }
    if (errors.isEmpty()) {
        if (const auto error = results::validateSweepPlan(plan()); !error.empty()) {
            // The engine's own rule (e.g. amp-bf16 has no inference arm), flagged at the field it names.
            const QString text = QString::fromStdString(error);
            errors.insert(planErrorField(text), text);  // "" when no field owns it: shown under the buttons
        }
    }
    return errors;
}

void SweepPanel::validate() {
    // Each problem is flagged next to the field at fault; the first one, in the form's order, also
    // disables Start.
    const auto errors = inputErrors();
    const auto fields = m_messages.fields();
    for (const auto& field : fields) m_messages.flag(field, errors.value(field));

    static const QStringList kOrder{QStringLiteral("model"),     QStringLiteral("data"),
                                    QStringLiteral("batches"),   QStringLiteral("imgsz"),
                                    QStringLiteral("phases"),    QStringLiteral("precision"),
                                    QStringLiteral("formats"),   QStringLiteral("scope"),
                                    QStringLiteral("graph"),     QStringLiteral("graphScopes"),
                                    QStringLiteral("optimizer"), QStringLiteral("jit"),
                                    QStringLiteral("steps"),     QStringLiteral("warmup"),
                                    QStringLiteral("repeats"),   QString()};
    m_inputError.clear();
    for (const auto& field : kOrder) {
        if (errors.contains(field)) {
            m_inputError = errors.value(field);
            break;
        }
    }
    // Start waits for the engine's word on the dataset.
    if (m_inputError.isEmpty()) m_inputError = m_data->pendingReason();
    updateEnabled();
    updatePrecisionNote();
    m_controls->showInputError(m_inputError, m_running);
}

void SweepPanel::updateEnabled() {
    m_options->updateEnabled(m_running, isModelPath(m_model->text()),
                             !fieldError(QStringLiteral("graphScopes")).isEmpty());
}

void SweepPanel::setRunning(bool running) {
    m_running = running;
    m_controls->setRunning(running, m_inputError.isEmpty());
    m_model->setRunning(running);
    m_options->setRunning(running);
    updateEnabled();
}

void SweepPanel::setProgress(int done, int total, const QString& label, double etaSeconds) {
    m_controls->setProgress(done, total, label, etaSeconds);
}

void SweepPanel::setFinished(bool ok, const QString& message) {
    m_controls->setFinished(ok, message);
}

void SweepPanel::restyleMessages() {
    m_options->restyle();
    m_messages.restyle();
    m_controls->restyle();
}

void SweepPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyleMessages();
}

}  // namespace graphlens::ui
