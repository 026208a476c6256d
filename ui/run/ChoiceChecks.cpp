#include "ui/run/ChoiceChecks.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <algorithm>

namespace graphlens::ui {

ChoiceChecks::ChoiceChecks(const std::vector<Option>& options, const QString& toolTip, QWidget* parent)
    : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    for (const auto& option : options) {
        auto* box = new QCheckBox(option.text);
        box->setObjectName(option.objectName);
        box->setToolTip(toolTip);
        row->addWidget(box);
        m_boxes.emplace_back(option.value, box);
        connect(box, &QCheckBox::toggled, this, &ChoiceChecks::changed);
    }
    row->addStretch();
}

void ChoiceChecks::setChosen(const std::vector<std::string>& values) {
    for (const auto& [value, box] : m_boxes) {
        const QSignalBlocker quiet(box);  // one plan read back is one change, validated by the caller
        box->setChecked(std::find(values.begin(), values.end(), value) != values.end());
    }
}

std::vector<std::string> ChoiceChecks::chosen() const {
    std::vector<std::string> values;
    for (const auto& [value, box] : m_boxes) {
        if (box->isChecked()) values.push_back(value);
    }
    return values;
}

bool ChoiceChecks::isChosen(const std::string& value) const {
    const auto values = chosen();
    return std::find(values.begin(), values.end(), value) != values.end();
}

QList<QWidget*> ChoiceChecks::boxes() const {
    QList<QWidget*> widgets;
    for (const auto& entry : m_boxes) widgets << entry.second;
    return widgets;
}

}  // namespace graphlens::ui
