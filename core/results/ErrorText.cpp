#include "results/ErrorText.h"

#include <sstream>
#include <vector>

namespace graphlens::results {
namespace {

// "RuntimeError: CUDA error: ..." -> true: the line where Python-style errors state their cause.
bool isErrorLine(const std::string& line) {
    const auto colon = line.find(": ");
    if (colon == std::string::npos || colon == 0) return false;
    const std::string type = line.substr(0, colon);
    if (type.find(' ') != std::string::npos) return false;
    auto endsWith = [&](const std::string& suffix) {
        return type.size() >= suffix.size() && type.compare(type.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    return endsWith("Error") || endsWith("Exception");
}

}  // namespace

std::string errorCause(const std::string& what) {
    const std::string interpreter = "The following operation failed in the TorchScript interpreter";
    const auto opening = what.find(interpreter);
    if (opening == std::string::npos) return what.substr(0, what.find('\n'));

    // The cause is the last "SomethingError: ..." line (a CUDA error is followed by hints such as
    // "Compile with TORCH_USE_CUDA_DSA ..."), else the last non-empty line.
    std::vector<std::string> lines;
    std::istringstream text(what.substr(opening));
    for (std::string line; std::getline(text, line);) {
        if (!line.empty()) lines.push_back(line);
    }
    std::string cause = lines.empty() ? std::string() : lines.back();
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        if (isErrorLine(*it)) {
            cause = it->substr(it->find(": ") + 2);
            break;
        }
    }
    // Keep what preceded the interpreter's text on its line ("family: graph capture of ... failed: ").
    const auto lineStart = what.rfind('\n', opening);
    const auto leadStart = lineStart == std::string::npos ? 0 : lineStart + 1;
    return what.substr(leadStart, opening - leadStart) + cause;
}

}  // namespace graphlens::results
