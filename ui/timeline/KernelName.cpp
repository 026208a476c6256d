#include "ui/timeline/KernelName.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace graphlens::ui {
namespace {

// The first '<' or '(' that opens template or call arguments (not "(anonymous namespace)").
qsizetype argumentsStart(const QString& name) {
    for (qsizetype i = 0; i < name.size(); ++i) {
        if (name.at(i) == QLatin1Char('<')) return i;
        if (name.at(i) == QLatin1Char('(')) {
            if (name.mid(i).startsWith(QLatin1String("(anonymous namespace)"))) {
                i += 20;
                continue;
            }
            return i;
        }
    }
    return name.size();
}

// The text between the '<' at `open` and its matching '>' up to the first top-level ','.
QString firstTemplateArgument(const QString& name, qsizetype open) {
    int depth = 0;
    for (qsizetype i = open + 1; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (c == QLatin1Char('<') || c == QLatin1Char('(')) ++depth;
        if (c == QLatin1Char('>') || c == QLatin1Char(')')) {
            if (depth == 0) return name.mid(open + 1, i - open - 1).trimmed();
            --depth;
        }
        if (c == QLatin1Char(',') && depth == 0) return name.mid(open + 1, i - open - 1).trimmed();
    }
    return {};
}

}  // namespace

QString readableKernelName(const QString& name) {
    if (!name.startsWith(QLatin1String("_Z"))) return name;
    int status = 0;
    const QByteArray mangled = name.toLatin1();
    const std::unique_ptr<char, void (*)(void*)> demangled(
        abi::__cxa_demangle(mangled.constData(), nullptr, nullptr, &status), std::free);
    return status == 0 && demangled ? QString::fromLatin1(demangled.get()) : name;
}

QString shortKernelName(const QString& name) {
    QString readable = readableKernelName(name);
    if (readable.startsWith(QLatin1String("void "))) readable = readable.mid(5);
    const qsizetype open = argumentsStart(readable);
    QString qualified = readable.left(open);
    const qsizetype scope = qualified.lastIndexOf(QLatin1String("::"));
    QString own = scope < 0 ? qualified : qualified.mid(scope + 2);
    if (own.compare(QLatin1String("Kernel"), Qt::CaseInsensitive) == 0 && open < readable.size() &&
        readable.at(open) == QLatin1Char('<')) {
        const QString argument = firstTemplateArgument(readable, open);
        if (!argument.isEmpty()) own += QLatin1Char('<') + argument + QLatin1Char('>');
    }
    return own.isEmpty() ? readable : own;
}

}  // namespace graphlens::ui
