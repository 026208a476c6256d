#include "families/WeightMapping.h"

#include <torch/utils.h>

#include <set>
#include <sstream>
#include <stdexcept>

namespace graphlens::families {

namespace {
std::string shapeText(const torch::Tensor& t) {
    std::ostringstream text;
    text << t.sizes();
    return text.str();
}
}  // namespace

std::string referenceName(const NameMapping& mapping, const std::string& builtinName) {
    for (const auto& rule : mapping) {
        if (builtinName.compare(0, rule.builtinPrefix.size(), rule.builtinPrefix) == 0) {
            return rule.referencePrefix + builtinName.substr(rule.builtinPrefix.size());
        }
    }
    return {};
}

std::string MappingCheck::describe() const {
    std::string text;
    const auto add = [&text](const char* what, const std::vector<std::string>& names) {
        for (const auto& name : names) text += std::string(what) + name + "\n";
    };
    add("built-in name without a reference: ", unmatched);
    add("reference name mapped twice: ", duplicates);
    add("reference name unused: ", unusedReference);
    add("shape mismatch: ", shapeMismatches);
    return text;
}

std::map<std::string, torch::Tensor> namedState(const torch::nn::Module& module) {
    std::map<std::string, torch::Tensor> state;
    for (const auto& item : module.named_parameters()) state.emplace(item.key(), item.value());
    for (const auto& item : module.named_buffers()) state.emplace(item.key(), item.value());
    return state;
}

MappingCheck checkMapping(const NameMapping& mapping, const std::map<std::string, torch::Tensor>& builtin,
                          const std::map<std::string, torch::Tensor>& reference) {
    MappingCheck check;
    std::set<std::string> used;
    for (const auto& [name, tensor] : builtin) {
        const auto target = referenceName(mapping, name);
        const auto found = target.empty() ? reference.end() : reference.find(target);
        if (found == reference.end()) {
            check.unmatched.push_back(name + (target.empty() ? "" : " (-> " + target + ")"));
            continue;
        }
        if (!used.insert(target).second) check.duplicates.push_back(target);
        if (!found->second.sizes().equals(tensor.sizes())) {
            check.shapeMismatches.push_back(name + ": " + shapeText(tensor) + " vs " + shapeText(found->second));
        }
    }
    for (const auto& [name, tensor] : reference) {
        if (!used.count(name)) check.unusedReference.push_back(name);
    }
    return check;
}

void loadMapped(torch::nn::Module& module, const NameMapping& mapping,
                const std::map<std::string, torch::Tensor>& reference) {
    const auto builtin = namedState(module);
    const auto check = checkMapping(mapping, builtin, reference);
    if (!check.ok()) throw std::runtime_error("weight mapping is not one-to-one:\n" + check.describe());
    torch::NoGradGuard noGrad;
    for (const auto& [name, tensor] : builtin) {
        auto target = tensor;  // shares storage with the module's parameter or buffer
        target.copy_(reference.at(referenceName(mapping, name)));
    }
}

}  // namespace graphlens::families
