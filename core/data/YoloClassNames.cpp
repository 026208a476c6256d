#include "data/YoloClassNames.h"

#include "data/DatasetError.h"
#include "data/PathText.h"
#include "data/YamlFields.h"

#include <map>
#include <optional>
#include <utility>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

constexpr const char* kNamesExpectation = "expected a list of class names or a map from class id to name";

// A name with the YAML line it came from, for messages about that name.
struct NameAt {
    std::string name;
    int line = 0;
};

std::vector<NameAt> namesFromList(const YAML::Node& names, const fs::path& yaml) {
    std::vector<NameAt> result;
    for (const auto& item : names) result.push_back({yamlScalar(item, yaml, "a class name", kNamesExpectation), yamlLine(item)});
    return result;
}

// {0: person, 1: bicycle}: ids must be integers 0..n-1 without gaps (an id written twice: the last name).
std::vector<NameAt> namesFromMap(const YAML::Node& names, const fs::path& yaml) {
    std::map<int, NameAt> byId;
    for (const auto& entry : names) {
        const std::string keyText = entry.first.Scalar();
        int id = -1;
        try {
            id = entry.first.as<int>();
        } catch (const YAML::Exception&) {
            throw DatasetError(where(yaml, yamlLine(entry.first)) + ": names key '" + keyText +
                               "' is not a class id (" + kNamesExpectation + ")");
        }
        // A class id written twice: the last name counts, as PyYAML (Ultralytics' reader) keeps the last.
        byId[id] = {yamlScalar(entry.second, yaml, "names[" + keyText + "]", kNamesExpectation), yamlLine(entry.second)};
    }
    std::vector<NameAt> result;
    int next = 0;
    for (const auto& [id, value] : byId) {
        if (id != next) {
            throw DatasetError(where(yaml, yamlLine(names)) + ": names has no class id " + std::to_string(next) +
                               " (expected ids 0.." + std::to_string(byId.size() - 1) + " without gaps)");
        }
        result.push_back(value);
        ++next;
    }
    return result;
}

void requireUsableNames(const std::vector<NameAt>& names, const fs::path& yaml) {
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i].name.empty()) {
            throw DatasetError(where(yaml, names[i].line) + ": class " + std::to_string(i) + " has an empty name (expected a name)");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (names[i].name == names[j].name) {
                throw DatasetError(where(yaml, names[i].line) + ": duplicate class name '" + names[i].name + "' (classes " +
                                   std::to_string(j) + " and " + std::to_string(i) + "; expected unique names)");
            }
        }
    }
}

}  // namespace

std::vector<std::string> readClassNames(const YAML::Node& names, const fs::path& yaml) {
    std::vector<NameAt> read;
    if (names.IsSequence()) {
        read = namesFromList(names, yaml);
    } else if (names.IsMap()) {
        read = namesFromMap(names, yaml);
    } else {
        throw DatasetError(where(yaml, yamlLine(names)) + ": names is empty or a single value (" + kNamesExpectation + ")");
    }
    if (read.empty()) throw DatasetError(where(yaml, yamlLine(names)) + ": names is empty (" + kNamesExpectation + ")");
    requireUsableNames(read, yaml);
    std::vector<std::string> result;
    for (auto& entry : read) result.push_back(std::move(entry.name));
    return result;
}

void checkClassCount(const YAML::Node& nc, const fs::path& yaml, std::size_t nameCount) {
    if (!yamlHasValue(nc)) return;
    std::optional<int> count;
    try {
        count = nc.as<int>();
    } catch (const YAML::Exception&) {
    }
    if (!count || *count <= 0) {
        throw DatasetError(where(yaml, yamlLine(nc)) + ": nc '" + (nc.IsScalar() ? nc.Scalar() : std::string("?")) +
                           "' is not a positive integer (expected the number of classes)");
    }
    if (static_cast<std::size_t>(*count) != nameCount) {
        throw DatasetError(where(yaml, yamlLine(nc)) + ": nc is " + std::to_string(*count) + " but names has " +
                           std::to_string(nameCount) + " entries (expected them to agree)");
    }
}

}  // namespace graphlens::data
