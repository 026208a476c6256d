// The Chrome-trace reader the window's Timeline tab uses (ui/timeline/StepTrace): StepTrace::fromJson
// on a `graphlens-cli sweep --trace` file. Qt Core only, as the reader needs nothing else.
#include "ui/timeline/StepTrace.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    try {
        (void)graphlens::ui::StepTrace::fromJson(json, QStringLiteral("fuzz.trace.json"), &error);
    } catch (const std::exception&) {
    }
    return 0;
}
