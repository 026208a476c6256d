#pragma once
// cuDNN reports its version as one number whose encoding changed with cuDNN 9.
#include <string>

namespace graphlens::platform {

// "9.10.2" from 91002 (cuDNN 9+: major*10000 + minor*100 + patch) and "8.9.7" from 8907 (cuDNN 7
// and 8: major*1000 + minor*100 + patch).
std::string cudnnVersionText(long version);

}  // namespace graphlens::platform
