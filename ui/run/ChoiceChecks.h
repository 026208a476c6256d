#pragma once
// A row of check boxes for a list-valued plan field (memory formats, phases, training graph scopes):
// one box per option, and the list is what is checked, in the options' order.
#include <QList>
#include <QString>
#include <QWidget>
#include <string>
#include <utility>
#include <vector>

class QCheckBox;

namespace graphlens::ui {

class ChoiceChecks : public QWidget {
    Q_OBJECT
public:
    struct Option {
        std::string value;   // what goes into the plan, e.g. "train"
        QString text;        // what the box says, e.g. "training"
        QString objectName;  // for tests and accessibility, e.g. "phaseTrain"
    };
    ChoiceChecks(const std::vector<Option>& options, const QString& toolTip, QWidget* parent = nullptr);

    // Checks exactly the options in `values` (unknown values are ignored); emits no changed().
    void setChosen(const std::vector<std::string>& values);
    std::vector<std::string> chosen() const;
    bool isChosen(const std::string& value) const;
    QList<QWidget*> boxes() const;  // the check boxes, for flagging the field in place

signals:
    void changed();  // a box was toggled by the user or by code other than setChosen

private:
    std::vector<std::pair<std::string, QCheckBox*>> m_boxes;
};

}  // namespace graphlens::ui
