#pragma once
// `graphlens-cli list`: the registered families with task, default size, parameters and support.
#include "families/Family.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace graphlens::bench {

// [{"name","task","imgsz","params","batches","inference","training","reason","source"}]; source is the
// model file of a user model (whose inference support the parity check decided), else "built-in";
// batches is "any", or an AOTInductor package's compiled batch ("4", "2..16", "2.." without an upper bound).
nlohmann::json familyListingJson(const std::vector<families::Family>& families);
// The same as an aligned text table; a user model's row is followed by how its support was decided.
std::string familyListingTable(const std::vector<families::Family>& families);

// The built-in registry.
nlohmann::json familyListingJson();
std::string familyListingTable();

}  // namespace graphlens::bench
