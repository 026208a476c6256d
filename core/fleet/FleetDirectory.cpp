#include "fleet/FleetDirectory.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace graphlens::fleet {
namespace fs = std::filesystem;

namespace {

// Letters, digits, '.' and '-' as they are; anything else (a '_' that separates the name's parts, a
// '/', a space) becomes '-'.
std::string fileNamePart(const std::string& text) {
    std::string part;
    for (const char c : text) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
        part += safe ? c : '-';
    }
    return part.empty() ? "unknown" : part;
}

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::string shardTag(int shard) {
    char text[32];
    std::snprintf(text, sizeof text, "shard-%04d", shard);
    return text;
}

std::string sessionStem(const std::string& host, const std::string& gpuUuid, int shard) {
    return fileNamePart(host) + "_" + fileNamePart(gpuUuid.empty() ? "cpu" : gpuUuid) + "_" + shardTag(shard);
}

std::optional<ShardFile> shardFileOf(const fs::path& path) {
    std::string name = path.filename().string();
    ShardFile file;
    file.path = path;
    if (endsWith(name, ".autosave.jsonl")) {
        file.kind = ShardFileKind::Autosave;
        name.resize(name.size() - std::string(".autosave.jsonl").size());
    } else if (endsWith(name, ".json")) {
        file.kind = ShardFileKind::Session;
        name.resize(name.size() - std::string(".json").size());
    } else {
        return std::nullopt;
    }
    const auto at = name.rfind("_shard-");
    if (at == std::string::npos || at == 0) return std::nullopt;
    const std::string digits = name.substr(at + std::string("_shard-").size());
    if (digits.empty() || digits.size() > 6 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return std::nullopt;
    }
    file.shard = std::stoi(digits);
    return file;
}

std::vector<ShardFile> shardFiles(const fs::path& dir) {
    std::vector<ShardFile> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!entry.is_regular_file(ec)) continue;
        if (auto file = shardFileOf(entry.path())) files.push_back(std::move(*file));
    }
    std::sort(files.begin(), files.end(), [](const ShardFile& a, const ShardFile& b) { return a.path < b.path; });
    return files;
}

std::vector<int> incompleteShards(const fs::path& dir, int shardCount) {
    std::set<int> complete;
    for (const auto& file : shardFiles(dir)) {
        if (file.kind == ShardFileKind::Session) complete.insert(file.shard);
    }
    std::vector<int> missing;
    for (int shard = 0; shard < shardCount; ++shard) {
        if (!complete.count(shard)) missing.push_back(shard);
    }
    return missing;
}

std::string arrayIndexList(const std::vector<int>& shards) {
    std::string list;
    for (std::size_t i = 0; i < shards.size();) {
        std::size_t j = i;
        while (j + 1 < shards.size() && shards[j + 1] == shards[j] + 1) ++j;
        if (!list.empty()) list += ",";
        list += std::to_string(shards[i]);
        if (j > i) list += "-" + std::to_string(shards[j]);
        i = j + 1;
    }
    return list;
}

}  // namespace graphlens::fleet
