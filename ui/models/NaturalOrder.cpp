#include "ui/models/NaturalOrder.h"

namespace graphlens::ui {
namespace {

bool isAsciiDigit(QChar c) { return c.unicode() >= u'0' && c.unicode() <= u'9'; }

// Case folded; ASCII (every family, phase and status name) without a table lookup.
char16_t folded(QChar c) {
    const char16_t u = c.unicode();
    if (u < 0x80) return u >= u'A' && u <= u'Z' ? char16_t(u + (u'a' - u'A')) : u;
    return c.toCaseFolded().unicode();
}

}  // namespace

int naturalCompare(QStringView a, QStringView b) {
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (isAsciiDigit(a[i]) && isAsciiDigit(b[j])) {
            // Compare the two digit runs as numbers of any length: skip leading zeros, the longer
            // run is larger, equal lengths compare digit by digit.
            while (i < a.size() && a[i] == QLatin1Char('0')) ++i;
            while (j < b.size() && b[j] == QLatin1Char('0')) ++j;
            qsizetype endA = i, endB = j;
            while (endA < a.size() && isAsciiDigit(a[endA])) ++endA;
            while (endB < b.size() && isAsciiDigit(b[endB])) ++endB;
            if (endA - i != endB - j) return endA - i < endB - j ? -1 : 1;
            for (; i < endA; ++i, ++j) {
                if (a[i] != b[j]) return a[i] < b[j] ? -1 : 1;
            }
            continue;
        }
        const char16_t x = folded(a[i]);
        const char16_t y = folded(b[j]);
        if (x != y) return x < y ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size()) return 1;
    if (j < b.size()) return -1;
    return 0;
}

}  // namespace graphlens::ui
