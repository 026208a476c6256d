#include "bench/CliExecutable.h"

#include "platform/SystemNames.h"

namespace graphlens::bench {

std::string graphlensCliPath() {
    const auto self = platform::currentExecutablePath();
    if (!self) return "graphlens-cli";
    // The extension carries over: graphlens-cli.exe beside graphlens.exe on Windows.
    if (self->stem() == "graphlens-cli") return self->string();
    return (self->parent_path() / ("graphlens-cli" + self->extension().string())).string();
}

}  // namespace graphlens::bench
