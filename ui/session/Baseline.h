#pragma once
// The session the shown one is compared against: its rows (through a BaselineMatcher) and where
// they came from. One object shared by the delta columns, the ratio chart and the status bar;
// changed() tells them to redraw.
#include "ui/session/BaselineMatcher.h"

#include <QObject>
#include <QString>

namespace graphlens::ui {

class Baseline : public QObject {
    Q_OBJECT
public:
    explicit Baseline(QObject* parent = nullptr);

    // name: what the status bar shows (a file name, or the session id when the rows have no file).
    void set(const QString& name, std::vector<results::Measurement> rows);
    // One machine's rows of the session shown as the baseline (a GPU of a merged session): rows of the
    // shown session are compared with them, except those rows themselves.
    void setFromShown(const QString& name, std::vector<results::Measurement> rows);
    void clear();

    bool isSet() const { return m_set; }
    QString name() const { return m_name; }
    const BaselineMatcher& matcher() const { return m_matcher; }

signals:
    void changed();

private:
    bool m_set = false;
    QString m_name;
    BaselineMatcher m_matcher;
};

}  // namespace graphlens::ui
