// The TorchScript archive sniffing (core/families/TorchScriptArchive): inspectArchive, which reads a
// user's model file's first bytes and, for a zip, its record names through PyTorch's own zip reader,
// to tell TorchScript from a torch.save pickle, a .pt2 package, a damaged zip or something else.
#include "FuzzScratch.h"

#include "families/TorchScriptArchive.h"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = graphlens::fuzz::writeInput("model.pt", data, size);
    try {
        (void)graphlens::families::inspectArchive(path.string());
    } catch (const std::exception&) {
    }
    return 0;
}
