#include "results/Tasks.h"

namespace graphlens::results {

std::string unknownTaskError(const std::string& task) {
    for (const char* known : {"classify", "detect", "segment", "other"}) {
        if (task == known) return {};
    }
    return "task '" + task + "' is not supported (expected classify, detect, segment or other)";
}

}  // namespace graphlens::results
