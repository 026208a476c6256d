#pragma once
// argv -> one Windows command line, quoted so that the child's CommandLineToArgvW (and the MSVC
// runtime) splits it back into exactly these arguments. Plain string work, so it is tested on Linux.
#include <string>
#include <vector>

namespace graphlens::platform {

std::string quoteWindowsArgument(const std::string& argument);
std::string windowsCommandLine(const std::vector<std::string>& argv);

}  // namespace graphlens::platform
