#include "families/TorchScriptLoadFailure.h"

#include <regex>
#include <sstream>

namespace graphlens::families {
namespace {

std::string trimmedLoadText(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::string firstNonEmptyLoadLine(const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (auto trimmed = trimmedLoadText(line); !trimmed.empty()) return trimmed;
    }
    return "";
}

// Text libtorch adds around the reason that says nothing about this file.
std::string withoutLibtorchBoilerplate(std::string line) {
    // "[enforce fail at inline_container.cc:230] . Attempted to read ...": the C++ place of the check.
    static const std::regex enforcePrefix(R"(^\[enforce fail at [^\]]*\]\s*\.?\s*)");
    line = std::regex_replace(line, enforcePrefix, "");
    // PyTorchStreamReader's paragraph on corrupted checkpoints follows the reason on the same line.
    const auto miniz = line.find(" This is an internal miniz error");
    if (miniz != std::string::npos) line.resize(miniz);
    // The compiler's "expected ident but found ':' here:" points at a quote of the code that follows.
    for (const std::string suffix : {" here:", ":"}) {
        if (line.size() > suffix.size() && line.compare(line.size() - suffix.size(), suffix.size(), suffix) == 0) {
            line.resize(line.size() - suffix.size());
            break;
        }
    }
    return line;
}

}  // namespace

std::string torchScriptLoadReason(const std::string& libtorchMessage) {
    auto reason = withoutLibtorchBoilerplate(firstNonEmptyLoadLine(libtorchMessage));
    if (reason.empty()) reason = "libtorch gave no reason";
    // A compiler error quotes the archive's code file: `File "code/__torch__.py", line 9`.
    static const std::regex codePlace(R"re(File "([^"]+)", line ([0-9]+))re");
    if (std::smatch place; std::regex_search(libtorchMessage, place, codePlace)) {
        reason += " (" + place[1].str() + ", line " + place[2].str() + " inside the archive)";
    }
    return reason;
}

std::string notLoadableMessage(const std::string& path, const std::string& libtorchMessage) {
    return path + ": not a loadable TorchScript model: " + torchScriptLoadReason(libtorchMessage);
}

}  // namespace graphlens::families
