#include "bench/ChildProcess.h"

#include <array>
#include <filesystem>
#include <unistd.h>

namespace graphlens::bench {

std::string graphlensCliPath() {
    std::array<char, 4096> path{};
    const auto length = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
    if (length <= 0) return "graphlens-cli";
    const std::filesystem::path self(std::string(path.data(), static_cast<std::size_t>(length)));
    return self.filename() == "graphlens-cli" ? self.string() : (self.parent_path() / "graphlens-cli").string();
}

std::string shellQuoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace graphlens::bench
