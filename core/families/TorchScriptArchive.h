#pragma once
// Opens a user's TorchScript file. Before handing it to torch::jit::load, looks inside the archive
// so that the common wrong files get a message saying what they are and how to export instead:
// a torch.save() pickle (a state_dict or a pickled nn.Module), a torch.export .pt2 package, a legacy
// (non-zip) pickle, or something that is not a PyTorch archive at all.
#include <torch/csrc/jit/api/module.h>

#include <string>

namespace graphlens::families {

enum class ArchiveKind { TorchScript, TorchSavePickle, ExportedProgram, LegacyPickle, NotAnArchive };

// What the file at `path` holds; throws ModelFileError when it is missing or unreadable.
ArchiveKind inspectArchive(const std::string& path);

// The module, loaded on the CPU. Throws ModelFileError (naming the file) for anything but TorchScript.
torch::jit::Module loadTorchScriptArchive(const std::string& path);

}  // namespace graphlens::families
