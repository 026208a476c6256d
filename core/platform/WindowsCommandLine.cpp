#include "platform/WindowsCommandLine.h"

namespace graphlens::platform {

// Backslashes are literal except before a quote, where each pair means one backslash; so the
// backslashes before a quote (or before the closing quote) are doubled. The special characters are
// ASCII, so UTF-8 text passes through untouched.
std::string quoteWindowsArgument(const std::string& argument) {
    if (!argument.empty() && argument.find_first_of(" \t\n\v\"") == std::string::npos) return argument;
    std::string quoted = "\"";
    std::size_t backslashes = 0;
    for (const char c : argument) {
        if (c == '\\') {
            ++backslashes;
            continue;
        }
        quoted.append(c == '"' ? backslashes * 2 + 1 : backslashes, '\\');
        quoted.push_back(c);
        backslashes = 0;
    }
    quoted.append(backslashes * 2, '\\');
    quoted.push_back('"');
    return quoted;
}

std::string windowsCommandLine(const std::vector<std::string>& argv) {
    std::string line;
    for (const auto& argument : argv) {
        if (!line.empty()) line.push_back(' ');
        line += quoteWindowsArgument(argument);
    }
    return line;
}

}  // namespace graphlens::platform
