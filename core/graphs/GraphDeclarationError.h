#pragma once
#include <stdexcept>
#include <string>

namespace graphlens::graphs {

// Graphs were asked for (`on`/`auto`) on a family whose declaration does not allow it (`none`, or a
// `seam` family run whole). The message names the family; there is no silent eager fallback,
// because a bad capture returns wrong numbers silently.
class GraphDeclarationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace graphlens::graphs
