#include "ui/models/MeasurementFilterBar.h"

#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/NaturalOrder.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QToolButton>

namespace graphlens::ui {
namespace {

// The column of the table model each box lists, in Box order.
constexpr std::array<int, 4> kBoxColumns{MeasurementTableModel::Family, MeasurementTableModel::Phase,
                                         MeasurementTableModel::Arm, MeasurementTableModel::Status};

}  // namespace

MeasurementFilterBar::MeasurementFilterBar(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    const std::array<QString, BoxCount> titles{tr("Family"), tr("Phase"), tr("Arm"), tr("Status")};
    const std::array<QString, BoxCount> names{tr("Family filter"), tr("Phase filter"), tr("Arm filter"),
                                              tr("Status filter")};
    const std::array<const char*, BoxCount> objectNames{"familyFilter", "phaseFilter", "armFilter", "statusFilter"};
    for (int box = 0; box < BoxCount; ++box) {
        auto* combo = new QComboBox;
        combo->setObjectName(QLatin1String(objectNames[size_t(box)]));
        combo->setAccessibleName(names[size_t(box)]);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->addItem(tr("all"), QString());  // the item's data is the filter value: empty keeps every row
        auto* label = new QLabel(titles[size_t(box)]);
        label->setBuddy(combo);
        layout->addWidget(label);
        layout->addWidget(combo);
        m_boxes[size_t(box)] = combo;
        connect(combo, &QComboBox::currentIndexChanged, this, [this, box] { applyBox(Box(box)); });
    }
    m_text = new QLineEdit;
    m_text->setObjectName(QStringLiteral("textFilter"));
    m_text->setAccessibleName(tr("Text filter"));
    m_text->setPlaceholderText(tr("Filter rows: name, status, message or batch"));
    m_text->setClearButtonEnabled(true);
    layout->addWidget(m_text, 1);
    m_clear = new QToolButton;
    m_clear->setObjectName(QStringLiteral("clearFilters"));
    m_clear->setText(tr("Show all"));
    m_clear->setAccessibleName(tr("Clear filters"));
    m_clear->setToolTip(tr("Set every filter back to all and empty the text"));
    layout->addWidget(m_clear);
    m_count = new QLabel;
    m_count->setObjectName(QStringLiteral("rowCount"));
    m_count->setAccessibleName(tr("Rows shown"));
    layout->addWidget(m_count);

    connect(m_text, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (m_proxy) m_proxy->setTextFilter(text);
        updateCount();
    });
    connect(m_clear, &QToolButton::clicked, this, &MeasurementFilterBar::clearFilters);
    updateCount();
}

void MeasurementFilterBar::setFilterModel(MeasurementFilterModel* proxy) {
    if (m_proxy) {
        disconnect(m_proxy, nullptr, this, nullptr);
        if (m_proxy->sourceModel()) disconnect(m_proxy->sourceModel(), nullptr, this, nullptr);
    }
    m_proxy = proxy;
    if (m_proxy && m_proxy->sourceModel()) {
        const auto* source = m_proxy->sourceModel();
        // Only the streamed rows are read for new values: a 10,000-row table costs nothing per row.
        connect(source, &QAbstractItemModel::rowsInserted, this,
                [this](const QModelIndex&, int first, int last) { collectValues(first, last); });
        connect(source, &QAbstractItemModel::modelReset, this, &MeasurementFilterBar::rebuildValues);
        connect(source, &QAbstractItemModel::rowsRemoved, this, &MeasurementFilterBar::rebuildValues);
        for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved}) {
            connect(m_proxy, signal, this, &MeasurementFilterBar::updateCount);
        }
        connect(m_proxy, &QAbstractItemModel::modelReset, this, &MeasurementFilterBar::updateCount);
        connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MeasurementFilterBar::updateCount);
    }
    rebuildValues();
}

void MeasurementFilterBar::clearFilters() {
    for (auto* combo : m_boxes) combo->setCurrentIndex(0);
    m_text->clear();
}

void MeasurementFilterBar::collectValues(int firstRow, int lastRow) {
    const auto* source = m_proxy ? m_proxy->sourceModel() : nullptr;
    if (!source) return;
    for (int row = firstRow; row <= lastRow; ++row) {
        for (int box = 0; box < BoxCount; ++box) {
            addValue(Box(box), source->index(row, kBoxColumns[size_t(box)]).data().toString());
        }
    }
}

void MeasurementFilterBar::rebuildValues() {
    for (int box = 0; box < BoxCount; ++box) {
        auto* combo = m_boxes[size_t(box)];
        const QString chosen = combo->currentData().toString();
        {
            const QSignalBlocker quiet(combo);  // the filter is set once, below
            while (combo->count() > 1) combo->removeItem(1);
            m_seen[size_t(box)].clear();
        }
        if (m_proxy && m_proxy->sourceModel()) {
            const auto* source = m_proxy->sourceModel();
            const QSignalBlocker quiet(combo);
            for (int row = 0; row < source->rowCount(); ++row) {
                addValue(Box(box), source->index(row, kBoxColumns[size_t(box)]).data().toString());
            }
        }
        // The choice survives a reset when its value is still there; otherwise every row shows.
        const int index = chosen.isEmpty() ? 0 : combo->findData(chosen);
        combo->setCurrentIndex(std::max(index, 0));
        applyBox(Box(box));
    }
    updateCount();
}

void MeasurementFilterBar::addValue(Box box, const QString& value) {
    auto& seen = m_seen[size_t(box)];
    if (value.isEmpty() || seen.contains(value)) return;
    seen.insert(value);
    auto* combo = m_boxes[size_t(box)];
    int at = 1;  // after "all"
    while (at < combo->count() && naturalCompare(combo->itemData(at).toString(), value) < 0) ++at;
    combo->insertItem(at, value, value);
}

void MeasurementFilterBar::applyBox(Box box) {
    const QString value = m_boxes[size_t(box)]->currentData().toString();
    if (box == FamilyBox) emit familyChosen(value);
    if (!m_proxy) return;
    switch (box) {
    case FamilyBox: m_proxy->setFamilyFilter(value); break;
    case PhaseBox: m_proxy->setPhaseFilter(value); break;
    case ArmBox: m_proxy->setArmFilter(value); break;
    case StatusBox: m_proxy->setStatusFilter(value); break;
    case BoxCount: break;
    }
    updateCount();
}

void MeasurementFilterBar::updateCount() {
    const int shown = m_proxy ? m_proxy->rowCount() : 0;
    const int total = m_proxy && m_proxy->sourceModel() ? m_proxy->sourceModel()->rowCount() : 0;
    const QLocale locale;
    if (shown != total) {
        m_count->setText(tr("%1 of %2 rows").arg(locale.toString(shown), locale.toString(total)));
    } else {
        m_count->setText(total == 1 ? tr("1 row") : tr("%1 rows").arg(locale.toString(total)));
    }
}

}  // namespace graphlens::ui
