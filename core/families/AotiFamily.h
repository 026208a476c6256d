#pragma once
// A user's AOTInductor package as a family (`--model file.pt2`): the C++ form of torch.compile.
// Like a TorchScript file its graph support is never declared: the parity check on load decides it
// (core/bench/UserModelLoader), and probeTorchScriptFamily() fills in its task and classes, since
// it only runs the family's forward. The rows carry jit "aoti", so the window tells the forms apart.
#include "families/Family.h"

#include <string>

namespace graphlens::families {

// True when `path` is a zip whose records hold AOTInductor code (data/aotinductor/).
bool isAotiPackage(const std::string& path);

// Throws ModelFileError naming the file: not an AOTInductor package, a package without readable
// metadata, an --imgsz the package was not compiled for, an unknown task.
Family makeAotiFamily(const std::string& path, const std::string& task, int imgsz);

}  // namespace graphlens::families
