#pragma once
// The tasks a family can have, in one place: the sweep plan and the TorchScript loader both check them.
#include <string>

namespace graphlens::results {

// Empty when `task` is classify, detect, segment or other; otherwise the one-line reason.
std::string unknownTaskError(const std::string& task);

}  // namespace graphlens::results
