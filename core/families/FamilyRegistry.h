#pragma once
#include "families/Family.h"

#include <string>
#include <vector>

namespace graphlens::families {

// The built-in model zoo. One file per family registers itself here via its make<Name>Family().
class FamilyRegistry {
public:
    static const FamilyRegistry& builtIn();

    const Family* find(const std::string& name) const;  // nullptr when unknown
    const std::vector<Family>& all() const { return families_; }
    std::string knownNames() const;                      // "resnet18, ..." for error messages

private:
    std::vector<Family> families_;
};

}  // namespace graphlens::families
