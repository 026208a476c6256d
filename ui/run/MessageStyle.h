#pragma once
// The style sheet of a message on the sweep panel: errors red, notes amber, in the colours of the
// panel's palette (see Theme), so a theme change only has to apply them again.
#include <QString>

class QPalette;

namespace graphlens::ui {

// "color: …" for the message, plus a smaller font when `small` (the notes under a field).
QString messageStyle(const QPalette& palette, bool error, bool small);

}  // namespace graphlens::ui
