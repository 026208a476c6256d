#include "ui/charts/SeriesNaming.h"

#include "ui/charts/SpeedupSeries.h"

#include <algorithm>

namespace graphlens::ui {

SeriesNaming::SeriesNaming(std::vector<SeriesKey> keys) : m_keys(std::move(keys)) {
    for (int which = 0; which < PartCount; ++which) {
        for (const auto& key : m_keys) {
            m_differs[which] = m_differs[which] || part(key, which) != part(m_keys.front(), which);
        }
    }
}

std::string SeriesNaming::part(const SeriesKey& key, int which) {
    switch (which) {
    case Machine: return key.machine;
    case Family: return key.family;
    case Form: return key.form;
    case Precision: return key.precision;
    // Rows written before training rows carried a memory format have none: they are nchw.
    case Format: return key.memory_format.empty() ? std::string("nchw") : key.memory_format;
    default:
        // An inference step is the default scope; its network-only scope and a training graph scope
        // are spelled out ("train (step scope)": "step" alone means what the step contains).
        if (key.phase == "train") return phaseLabel(key.phase, key.scope);
        return key.scope == "network" ? key.phase + " (network scope)" : key.phase;
    }
}

QString SeriesNaming::label(const SeriesKey& key) const {
    QString text;
    for (int which = 0; which < PartCount; ++which) {
        if (!m_differs[which]) continue;
        const std::string value = part(key, which);
        if (value.empty()) continue;
        if (!text.isEmpty()) text += QStringLiteral(" · ");
        text += QString::fromStdString(value);
    }
    return text;
}

QString SeriesNaming::name(const SeriesKey& key, const QString& what) const {
    const QString differs = label(key);
    if (differs.isEmpty()) return what;
    return what.isEmpty() ? differs : differs + QStringLiteral(" · ") + what;
}

QString SeriesNaming::shared() const {
    if (m_keys.empty()) return {};
    QString text;
    for (int which = 0; which < PartCount; ++which) {
        const std::string value = part(m_keys.front(), which);
        if (m_differs[which] || value.empty()) continue;
        if (!text.isEmpty()) text += QStringLiteral(" · ");
        text += QString::fromStdString(value);
    }
    return text;
}

QString SeriesNaming::titleSuffix() const {
    const QString common = shared();
    return common.isEmpty() ? QString() : QStringLiteral(" — ") + common;
}

int SeriesNaming::indexOf(const SeriesKey& key) const {
    const auto at = std::find(m_keys.begin(), m_keys.end(), key);
    return at == m_keys.end() ? -1 : int(at - m_keys.begin());
}

}  // namespace graphlens::ui
