#pragma once
// How a built-in module's parameter and buffer names correspond to a reference model's (torchvision's
// state_dict names): an ordered table of prefix rewrites. Every built-in name must match a rule, the
// rewritten names must be distinct, and together they must use every reference name exactly once.
#include <torch/nn/module.h>

#include <map>
#include <string>
#include <vector>

namespace graphlens::families {

struct NameRule {
    std::string builtinPrefix;    // "" matches every name
    std::string referencePrefix;  // replaces builtinPrefix
};
using NameMapping = std::vector<NameRule>;

// The reference name for builtinName under the first matching rule; empty when no rule matches.
std::string referenceName(const NameMapping& mapping, const std::string& builtinName);

struct MappingCheck {
    std::vector<std::string> unmatched;         // built-in names no rule covers, or mapped to a missing name
    std::vector<std::string> duplicates;        // reference names two built-in names map to
    std::vector<std::string> unusedReference;   // reference names nothing maps to
    std::vector<std::string> shapeMismatches;   // "name: [a, b] vs [c, d]"
    bool ok() const { return unmatched.empty() && duplicates.empty() && unusedReference.empty() && shapeMismatches.empty(); }
    std::string describe() const;  // one line per problem, empty when ok
};

// Parameters and buffers of a module by name (the state_dict's keys).
std::map<std::string, torch::Tensor> namedState(const torch::nn::Module& module);

MappingCheck checkMapping(const NameMapping& mapping, const std::map<std::string, torch::Tensor>& builtin,
                          const std::map<std::string, torch::Tensor>& reference);

// Copies reference tensors into the module's parameters and buffers; throws std::runtime_error naming
// every problem when the mapping is not a one-to-one cover with equal shapes (nothing is copied then).
void loadMapped(torch::nn::Module& module, const NameMapping& mapping,
                const std::map<std::string, torch::Tensor>& reference);

}  // namespace graphlens::families
