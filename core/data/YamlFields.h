#pragma once
// Reading the fields of a dataset YAML (yaml-cpp) with messages that name the file and line.
// Only for core/data's own sources: yaml-cpp is a private dependency of graphlens_data.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>

namespace graphlens::data {

// The node's 1-based line in its file.
int yamlLine(const YAML::Node& node);

// Whether the key is present with a value (a key written as "key:" alone is null).
bool yamlHasValue(const YAML::Node& node);

// The node's scalar text; throws DatasetError "<yaml>:<line>: <key> is not a single value (<expected>)".
std::string yamlScalar(const YAML::Node& node, const std::filesystem::path& yaml, const std::string& key,
                       const char* expected);

}  // namespace graphlens::data
