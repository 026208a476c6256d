#include "ui/EnvironmentSummary.h"

#include <QStringList>
#include <array>
#include <utility>

namespace graphlens::ui {
namespace {

QString scalarText(const QJsonValue& value) {
    if (value.isString()) return value.toString();
    if (value.isDouble()) return QString::number(value.toDouble(), 'g', 10);
    if (value.isBool()) return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    return {};
}

}  // namespace

QString environmentSummary(const QJsonObject& helloOrEnvironment) {
    const auto nested = helloOrEnvironment.value(QStringLiteral("environment"));
    const QJsonObject environment = nested.isObject() ? nested.toObject() : helloOrEnvironment;

    // (key, prefix): the engine's key names, with the first present alias winning per slot.
    using Slot = std::pair<std::array<const char*, 3>, const char*>;
    static const std::array<Slot, 5> kSlots{{
        {{"gpu", "device", "device_name"}, ""},
        {{"driver", "driver_version", nullptr}, "driver "},
        {{"cuda", "cuda_version", nullptr}, "CUDA "},
        {{"libtorch", "torch", "torch_version"}, "libtorch "},
        {{"os", "platform", nullptr}, ""},
    }};
    QStringList parts;
    for (const auto& [keys, prefix] : kSlots) {
        for (const char* key : keys) {
            if (!key) break;
            const auto text = scalarText(environment.value(QLatin1String(key)));
            if (text.isEmpty()) continue;
            parts << QLatin1String(prefix) + text;
            break;
        }
    }
    if (parts.isEmpty()) {
        for (auto it = environment.begin(); it != environment.end() && parts.size() < 5; ++it) {
            const auto text = scalarText(it.value());
            if (!text.isEmpty()) parts << it.key() + QLatin1Char(' ') + text;
        }
    }
    const auto version = scalarText(helloOrEnvironment.value(QStringLiteral("version")));
    if (!version.isEmpty() && nested.isObject()) parts << QStringLiteral("engine ") + version;
    return parts.join(QStringLiteral(" · "));
}

}  // namespace graphlens::ui
