#pragma once
// UTF-8 <-> UTF-16 for the Windows API (its W functions), and Windows error text. Windows only.
#ifdef _WIN32
#include <string>

namespace graphlens::platform {

std::wstring widen(const std::string& utf8);
std::string narrow(const std::wstring& utf16);
std::string windowsErrorText(unsigned long code);  // FormatMessage's sentence, and the code

}  // namespace graphlens::platform
#endif
