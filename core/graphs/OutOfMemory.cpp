#include "graphs/OutOfMemory.h"

#include "graphs/GraphCaptureError.h"

#include <c10/util/Exception.h>

#include <algorithm>
#include <cctype>
#include <new>
#include <string>

namespace graphlens::graphs {

bool isOutOfMemory(const std::exception& error) {
    if (dynamic_cast<const c10::OutOfMemoryError*>(&error)) return true;
    if (dynamic_cast<const std::bad_alloc*>(&error)) return true;
    // A wrapped failure says what it wrapped; its text names the family and shape, not the cause's type.
    if (const auto* capture = dynamic_cast<const GraphCaptureError*>(&error)) return capture->outOfMemory();
    // libtorch's own errors: only their text says they were out of memory.
    if (!dynamic_cast<const c10::Error*>(&error) && !dynamic_cast<const std::runtime_error*>(&error)) return false;
    std::string text = error.what();
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text.find("out of memory") != std::string::npos || text.find("cuda_error_out_of_memory") != std::string::npos ||
           text.find("can't allocate memory") != std::string::npos;  // libtorch's CPU allocator (host staging)
}

}  // namespace graphlens::graphs
