#include "platform/OutputLines.h"

namespace graphlens::platform {

void OutputLines::append(std::string_view chunk) {
    pending_.append(chunk);
    std::size_t start = 0;
    for (std::size_t newline; (newline = pending_.find('\n', start)) != std::string::npos; start = newline + 1) {
        // CRLF counts as one line end: a Windows child's stdout is in text mode.
        const std::size_t end = newline > start && pending_[newline - 1] == '\r' ? newline - 1 : newline;
        if (onLine_) onLine_(pending_.substr(start, end - start));
    }
    pending_.erase(0, start);
}

void OutputLines::finish() {
    if (!pending_.empty() && onLine_) onLine_(pending_);
    pending_.clear();
}

}  // namespace graphlens::platform
