#pragma once
// Paths in messages: bytes that are not UTF-8 are shown as \xNN so a message is always printable.
#include <filesystem>
#include <string>
#include <string_view>

namespace graphlens::data {

bool isValidUtf8(std::string_view text);
std::string displayPath(const std::filesystem::path& path);
// The first component of path (made absolute) whose name is not valid UTF-8, with the folders above
// it ("/data/caf\xE9"); empty when every component is valid.
std::filesystem::path firstNonUtf8Component(const std::filesystem::path& path);
// "file:line" (line 1-based), or just the file when line <= 0.
std::string where(const std::filesystem::path& file, int line = 0);

}  // namespace graphlens::data
