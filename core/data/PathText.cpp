#include "data/PathText.h"

#include <cstdio>

namespace graphlens::data {
namespace {

// Length of the UTF-8 sequence starting at text[i], or 0 when it is not a valid one.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    unsigned minimum = 0;
    unsigned codepoint = 0;
    if (byte < 0x80) return 1;
    if ((byte & 0xE0) == 0xC0) { length = 2; minimum = 0x80; codepoint = byte & 0x1F; }
    else if ((byte & 0xF0) == 0xE0) { length = 3; minimum = 0x800; codepoint = byte & 0x0F; }
    else if ((byte & 0xF8) == 0xF0) { length = 4; minimum = 0x10000; codepoint = byte & 0x07; }
    else return 0;
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80) return 0;
        codepoint = (codepoint << 6) | (next & 0x3F);
    }
    if (codepoint < minimum || codepoint > 0x10FFFF || (codepoint >= 0xD800 && codepoint <= 0xDFFF)) return 0;
    return length;
}

}  // namespace

bool isValidUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto length = utf8SequenceLength(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::string displayPath(const std::filesystem::path& path) {
    const std::string raw = path.string();
    std::string shown;
    for (std::size_t i = 0; i < raw.size();) {
        const auto length = utf8SequenceLength(raw, i);
        if (length == 0) {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(raw[i]));
            shown += escaped;
            ++i;
        } else {
            shown.append(raw, i, length);
            i += length;
        }
    }
    return shown;
}

std::filesystem::path firstNonUtf8Component(const std::filesystem::path& path) {
    std::error_code ignored;
    const auto absolute = std::filesystem::absolute(path, ignored);
    std::filesystem::path prefix;
    for (const auto& part : ignored ? path : absolute) {
        prefix /= part;
        if (!isValidUtf8(part.string())) return prefix;
    }
    return {};
}

std::string where(const std::filesystem::path& file, int line) {
    return line > 0 ? displayPath(file) + ":" + std::to_string(line) : displayPath(file);
}

}  // namespace graphlens::data
