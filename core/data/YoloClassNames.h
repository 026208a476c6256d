#pragma once
// The class names of a YOLO dataset YAML: `names` as a list or as a map from class id to name, and
// the optional `nc` that must agree with it.
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::data {

// Names by class id: non-empty, unique, ids 0..n-1 without gaps. Throws DatasetError naming the line.
std::vector<std::string> readClassNames(const YAML::Node& names, const std::filesystem::path& yaml);

// nc (when given) must be a positive integer equal to the number of names. Throws DatasetError.
void checkClassCount(const YAML::Node& nc, const std::filesystem::path& yaml, std::size_t nameCount);

}  // namespace graphlens::data
