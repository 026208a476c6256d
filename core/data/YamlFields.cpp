#include "data/YamlFields.h"

#include "data/DatasetError.h"
#include "data/PathText.h"

#include <vector>

namespace graphlens::data {

int yamlLine(const YAML::Node& node) { return node.Mark().line + 1; }

bool yamlHasValue(const YAML::Node& node) { return node.IsDefined() && !node.IsNull(); }

YAML::Node yamlField(const YAML::Node& map, const std::string& key) {
    YAML::Node last;  // null: the key is missing
    if (!map.IsMap()) return last;
    for (const auto& entry : map) {
        // reset(), not assignment: assigning a Node writes through to the node it refers to.
        if (entry.first.IsScalar() && entry.first.Scalar() == key) last.reset(entry.second);
    }
    return last;
}

void requireBoundedAliases(const YAML::Node& config, const std::filesystem::path& yaml) {
    std::size_t visited = 0;
    std::vector<YAML::Node> pending;  // an explicit stack: deep nesting must not overflow the call stack
    for (const auto& entry : config) {
        pending.assign({entry.first, entry.second});
        while (!pending.empty()) {
            const YAML::Node node = pending.back();
            pending.pop_back();
            if (++visited > kMaxYamlExpandedValues) {
                throw DatasetError(where(yaml, yamlLine(entry.first)) + ": '" +
                                   (entry.first.IsScalar() ? entry.first.Scalar() : std::string("?")) +
                                   "' expands to more than " + std::to_string(kMaxYamlExpandedValues) +
                                   " values through nested aliases (an alias bomb; expected a dataset YAML of "
                                   "plain keys and short lists)");
            }
            if (node.IsSequence()) {
                for (const auto& item : node) pending.push_back(item);
            } else if (node.IsMap()) {
                for (const auto& item : node) {
                    pending.push_back(item.first);
                    pending.push_back(item.second);
                }
            }
        }
    }
}

std::string yamlScalar(const YAML::Node& node, const std::filesystem::path& yaml, const std::string& key,
                       const char* expected) {
    if (!node.IsScalar()) throw DatasetError(where(yaml, yamlLine(node)) + ": " + key + " is not a single value (" + expected + ")");
    // A "\0" escape would reach the file system as a path the kernel cuts short at the NUL: a root of
    // "ds/\0x" opens "ds/", and every folder below it opens "ds/" again, a walk without end.
    if (node.Scalar().find('\0') != std::string::npos) {
        throw DatasetError(where(yaml, yamlLine(node)) + ": " + key + " holds a NUL character (" + expected + ")");
    }
    return node.Scalar();
}

}  // namespace graphlens::data
