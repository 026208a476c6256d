#include "ui/report/EnvironmentSummary.h"

#include <QStringList>
#include <array>

namespace graphlens::ui {
namespace {

QString scalarText(const QJsonValue& value) {
    if (value.isString()) return value.toString();
    if (value.isDouble()) return QString::number(value.toDouble(), 'g', 10);
    if (value.isBool()) return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    return {};
}

}  // namespace

bool environmentLacksCuda(const QJsonObject& helloOrEnvironment) {
    const auto nested = helloOrEnvironment.value(QStringLiteral("environment"));
    const QJsonObject environment = nested.isObject() ? nested.toObject() : helloOrEnvironment;
    const auto cudaAvailable = environment.value(QStringLiteral("cuda_available"));
    const auto deviceText = scalarText(environment.value(QStringLiteral("device")));
    return (cudaAvailable.isBool() && !cudaAvailable.toBool()) ||
           deviceText.compare(QStringLiteral("cpu"), Qt::CaseInsensitive) == 0;
}

QString environmentSummary(const QJsonObject& helloOrEnvironment) {
    const auto nested = helloOrEnvironment.value(QStringLiteral("environment"));
    const QJsonObject environment = nested.isObject() ? nested.toObject() : helloOrEnvironment;

    // One slot per fact; within a slot the first key present wins. Keys are the engine's names
    // (core/bench/Environment.cpp: gpu, driver_cuda, cuda_runtime, libtorch, os) plus older aliases.
    // driver_cuda is the newest CUDA the driver supports, not the driver's own version: say so.
    struct Key {
        const char* name;
        const char* prefix;
    };
    static const std::array<std::array<Key, 3>, 5> kSlots{{
        {{{"gpu", ""}, {"device", ""}, {"device_name", ""}}},
        {{{"driver", "driver "}, {"driver_version", "driver "}, {"driver_cuda", "driver for CUDA "}}},
        {{{"cuda_runtime", "CUDA "}, {"cuda", "CUDA "}, {"cuda_version", "CUDA "}}},
        {{{"libtorch", "libtorch "}, {"torch", "libtorch "}, {"torch_version", "libtorch "}}},
        {{{"os", ""}, {"platform", ""}, {nullptr, nullptr}}},
    }};
    // CUDA facts only with a CUDA device: a CPU machine's CUDA runtime library says nothing about
    // what the rows ran on ("cpu · CUDA 13.0" reads as if CUDA had been used).
    const bool noCuda = environmentLacksCuda(environment);
    QStringList parts;
    for (size_t slot = 0; slot < kSlots.size(); ++slot) {
        const auto& keys = kSlots[slot];
        if (noCuda && (slot == 1 || slot == 2)) {
            if (slot == 1) parts << QStringLiteral("no CUDA device");
            continue;
        }
        for (const auto& key : keys) {
            if (!key.name) break;
            const auto text = scalarText(environment.value(QLatin1String(key.name)));
            if (text.isEmpty()) continue;
            parts << QLatin1String(key.prefix) + text;
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
