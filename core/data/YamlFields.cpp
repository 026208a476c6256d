#include "data/YamlFields.h"

#include "data/DatasetError.h"
#include "data/PathText.h"

namespace graphlens::data {

int yamlLine(const YAML::Node& node) { return node.Mark().line + 1; }

bool yamlHasValue(const YAML::Node& node) { return node.IsDefined() && !node.IsNull(); }

std::string yamlScalar(const YAML::Node& node, const std::filesystem::path& yaml, const std::string& key,
                       const char* expected) {
    if (!node.IsScalar()) throw DatasetError(where(yaml, yamlLine(node)) + ": " + key + " is not a single value (" + expected + ")");
    return node.Scalar();
}

}  // namespace graphlens::data
