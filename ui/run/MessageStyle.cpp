#include "ui/run/MessageStyle.h"

#include "ui/Theme.h"

namespace graphlens::ui {

QString messageStyle(const QPalette& palette, bool error, bool small) {
    const QColor color = error ? errorTextColor(palette) : warningTextColor(palette);
    return QStringLiteral("color: %1;").arg(color.name()) +
           (small ? QStringLiteral(" font-size: small;") : QString());
}

}  // namespace graphlens::ui
