#pragma once
// Reading the fields of a dataset YAML (yaml-cpp) with messages that name the file and line.
// Only for core/data's own sources: yaml-cpp is a private dependency of graphlens_data.
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <filesystem>
#include <string>

namespace graphlens::data {

// More values than this, counting each alias once per use, is an alias bomb (a real dataset YAML
// has a few hundred; 200,000 aliases of one split folder still fit).
inline constexpr std::size_t kMaxYamlExpandedValues = 1'000'000;

// The node's 1-based line in its file.
int yamlLine(const YAML::Node& node);

// Whether the key is present with a value (a key written as "key:" alone is null).
bool yamlHasValue(const YAML::Node& node);

// The value of `key` in `map`, the LAST one when the key is written twice: PyYAML (which Ultralytics
// reads dataset YAMLs with) keeps the last, while yaml-cpp's map[key] finds the first. A null node
// when the key is missing (yamlHasValue is false for it).
YAML::Node yamlField(const YAML::Node& map, const std::string& key);

// Throws DatasetError "<yaml>:<line>: ... alias bomb ..." naming the top-level key whose value, with
// every alias expanded where it is used, holds more than kMaxYamlExpandedValues values. Walks at most
// that many values, so a billion-laughs file is refused in well under a second.
void requireBoundedAliases(const YAML::Node& config, const std::filesystem::path& yaml);

// The node's scalar text; throws DatasetError "<yaml>:<line>: <key> is not a single value (<expected>)".
std::string yamlScalar(const YAML::Node& node, const std::filesystem::path& yaml, const std::string& key,
                       const char* expected);

}  // namespace graphlens::data
