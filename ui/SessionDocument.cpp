#include "ui/SessionDocument.h"

#include "ui/models/MeasurementTableModel.h"

#include <utility>

namespace graphlens::ui {

SessionDocument::SessionDocument(const MeasurementTableModel* rows, QObject* parent)
    : QObject(parent), m_rows(rows) {}

results::Session SessionDocument::withRows() const {
    results::Session session = m_info;
    session.rows = m_rows->rows();
    return session;
}

void SessionDocument::replace(results::Session info) {
    m_info = std::move(info);
}

void SessionDocument::beginSweep(const results::SweepPlan& plan) {
    m_info = results::Session{};
    m_info.plan = results::toJson(plan);
    m_info.created = results::utcTimestampNow();
}

void SessionDocument::setEnvironment(nlohmann::json environment) {
    m_info.environment = std::move(environment);
}

void SessionDocument::adoptIdOf(const results::Measurement& row) {
    if (!m_info.session_id.empty()) return;
    m_info.session_id = row.session_id;
    emit idChanged();
}

void SessionDocument::keepSavedIdentity(const results::Session& saved) {
    m_info.session_id = saved.session_id;
    m_info.created = saved.created;
}

void SessionDocument::setFile(const QString& path) {
    m_file = path;
    emit fileChanged(path);
}

}  // namespace graphlens::ui
