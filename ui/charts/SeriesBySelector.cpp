#include "ui/charts/SeriesBySelector.h"

#include "ui/models/MeasurementTableModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace graphlens::ui {

SeriesBySelector::SeriesBySelector(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("seriesBySelector"));
    m_combo = new QComboBox;
    m_combo->setObjectName(QStringLiteral("seriesByCombo"));
    m_combo->setAccessibleName(tr("Series by"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* caption = new QLabel(tr("Series by:"));
    caption->setBuddy(m_combo);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(caption);
    layout->addWidget(m_combo);
    connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_filling || index < 0) return;
        rebuildGrouping(SeriesBy(m_combo->itemData(index).toInt()));
        updateNote();
        emit groupingChanged();
    });
    refresh();
}

void SeriesBySelector::setSource(const MeasurementTableModel* model, EnvironmentSource environment) {
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_environment = std::move(environment);
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &SeriesBySelector::refresh);
        connect(m_model, &QAbstractItemModel::rowsInserted, this,
                [this](const QModelIndex&, int first, int last) { rowsInserted(first, last); });
    }
    refresh();
}

void SeriesBySelector::rebuildGrouping(SeriesBy by) {
    static const std::vector<results::Measurement> kNoRows;
    static const nlohmann::json kNoEnvironment;
    const auto& rows = m_model ? m_model->rows() : kNoRows;
    m_grouping = SeriesGrouping(by, rows, m_environment ? m_environment() : kNoEnvironment);
}

namespace {

std::string seriesByMachineText(const results::Measurement& row) {
    return row.session_id + '\x1f' + row.host + '\x1f' + row.gpu_uuid;
}

}  // namespace

void SeriesBySelector::rowsInserted(int first, int last) {
    // A sweep streams rows of one machine: a set lookup per row, not a pass over every row.
    const auto& rows = m_model->rows();
    for (int r = std::max(first, 0); r <= last && r < int(rows.size()); ++r) {
        if (!m_seen.count(seriesByMachineText(rows[size_t(r)]))) {
            refresh();
            return;
        }
    }
}

void SeriesBySelector::setSeriesBy(SeriesBy by) {
    const int index = m_combo->findData(int(by));
    if (index >= 0) m_combo->setCurrentIndex(index);  // emits groupingChanged() through the combo box
}

void SeriesBySelector::updateNote() {
    QString note;
    if (!m_sentence.isEmpty()) {
        switch (m_grouping.by()) {
        case SeriesBy::Family:
            note = tr("%1: by family, the charts and this summary show one machine's figure per batch; choose "
                      "Series by GPU or host above the charts for a line per machine.")
                       .arg(m_sentence);
            break;
        case SeriesBy::Gpu: note = tr("%1: the charts draw a line per GPU.").arg(m_sentence); break;
        case SeriesBy::Host: note = tr("%1: the charts draw a line per host.").arg(m_sentence); break;
        case SeriesBy::Driver: note = tr("%1: the charts draw a line per driver.").arg(m_sentence); break;
        }
    }
    if (note == m_note) return;
    m_note = note;
    emit summaryNoteChanged(m_note);
}

void SeriesBySelector::refresh() {
    const SeriesBy before = m_grouping.by();
    rebuildGrouping(before);
    static const std::vector<results::Measurement> kNoRows;
    const auto& rows = m_model ? m_model->rows() : kNoRows;
    m_count = countMachines(rows, m_grouping);
    m_seen.clear();
    for (const auto& row : rows) m_seen.insert(seriesByMachineText(row));

    // The choices: the driver only where some environment names one.
    m_filling = true;
    m_combo->clear();
    m_combo->addItem(tr("family"), int(SeriesBy::Family));
    m_combo->addItem(tr("GPU"), int(SeriesBy::Gpu));
    m_combo->addItem(tr("host"), int(SeriesBy::Host));
    if (m_grouping.knowsDrivers()) m_combo->addItem(tr("driver"), int(SeriesBy::Driver));
    int index = m_combo->findData(int(before));
    m_filling = false;
    if (index < 0) {
        index = 0;  // the driver choice went with the session that named drivers
    }
    m_filling = true;
    m_combo->setCurrentIndex(index);
    m_filling = false;
    const SeriesBy now = SeriesBy(m_combo->itemData(index).toInt());
    if (now != before) rebuildGrouping(now);

    const QString sentence = QString::fromStdString(graphlens::ui::machineSentence(m_count));
    // The tab bar keeps its width: the sentence is the tooltip here, a line of the summary card above.
    const QString how = tr("Draw a series per configuration (family) or, in a session merged from many "
                           "machines, per GPU, host or driver as well");
    m_combo->setToolTip(sentence.isEmpty() ? how : sentence + QStringLiteral(".\n") + how);
    // One machine and by family: nothing to choose, nothing shown.
    setVisible(m_count.several() || now != SeriesBy::Family);
    m_sentence = sentence;
    updateNote();
    // By family the charts redraw from the rows alone; per machine the labels may have changed.
    if (now != SeriesBy::Family || now != before) emit groupingChanged();
}

}  // namespace graphlens::ui
