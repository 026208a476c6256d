#pragma once
// Opens a user's TorchScript file. Before handing it to torch::jit::load, looks inside the archive
// so that the common wrong files get a message saying what they are and how to export instead:
// a torch.save() pickle (a state_dict or a pickled nn.Module), a torch.export .pt2 package, a legacy
// (non-zip) pickle, a zip PyTorch cannot read (truncated, damaged, from a newer PyTorch), or something
// that is not a PyTorch archive at all. A TorchScript archive that still fails to load (its code edited
// so it no longer compiles, a record missing) gets libtorch's reason on one line, with the file's name.
#include <torch/csrc/jit/api/module.h>

#include <string>

namespace graphlens::families {

enum class ArchiveKind { TorchScript, TorchSavePickle, AotInductorPackage, ExportedProgram, LegacyPickle, DamagedArchive, NotAnArchive };

// What the file at `path` holds; throws ModelFileError when it is missing or unreadable.
ArchiveKind inspectArchive(const std::string& path);

// The module, loaded on the CPU. Throws ModelFileError (naming the file) for anything but TorchScript,
// and for TorchScript libtorch cannot load: "<path>: not a loadable TorchScript model: <reason>".
torch::jit::Module loadTorchScriptArchive(const std::string& path);

}  // namespace graphlens::families
