#pragma once
// `graphlens-cli list`: the registered families with task, default size, parameters and support.
#include <nlohmann/json.hpp>
#include <string>

namespace graphlens::bench {

nlohmann::json familyListingJson();   // [{"name","task","imgsz","params","inference","training","reason"}]
std::string familyListingTable();     // the same as an aligned text table

}  // namespace graphlens::bench
