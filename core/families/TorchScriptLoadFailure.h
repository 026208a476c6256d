#pragma once
// What libtorch said when a TorchScript archive would not load, as one line a user can act on.
// libtorch's texts run over many lines (a compiler error quotes the code around the fault, a zip error
// adds a paragraph on corrupted checkpoints, an enforce adds the C++ file and line of the check): the
// first line keeps the reason, and the fault's place inside the archive ("code/__torch__.py, line 9")
// is kept when the text names one.
#include <string>

namespace graphlens::families {

// "expected ident but found ':' (code/__torch__.py, line 9 inside the archive)".
std::string torchScriptLoadReason(const std::string& libtorchMessage);

// "<path>: not a loadable TorchScript model: <reason>": the ModelFileError text of every archive
// that looks like TorchScript (or a damaged zip) and still does not load.
std::string notLoadableMessage(const std::string& path, const std::string& libtorchMessage);

}  // namespace graphlens::families
