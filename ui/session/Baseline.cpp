#include "ui/session/Baseline.h"

namespace graphlens::ui {

Baseline::Baseline(QObject* parent) : QObject(parent) {}

void Baseline::set(const QString& name, std::vector<results::Measurement> rows) {
    m_set = true;
    m_name = name;
    m_matcher = BaselineMatcher(std::move(rows));
    emit changed();
}

void Baseline::setFromShown(const QString& name, std::vector<results::Measurement> rows) {
    m_set = true;
    m_name = name;
    m_matcher = BaselineMatcher(std::move(rows), /*skipIdentical=*/true);
    emit changed();
}

void Baseline::clear() {
    if (!m_set) return;
    m_set = false;
    m_name.clear();
    m_matcher = BaselineMatcher();
    emit changed();
}

}  // namespace graphlens::ui
