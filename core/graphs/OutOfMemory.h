#pragma once
// Out of memory comes in several shapes: c10::OutOfMemoryError (device), std::bad_alloc (host), and
// c10::Error whose message says so (pinned host allocation, cuDNN/cuBLAS workspaces). Each one is an
// `oom` row, never an aborted sweep.
#include <exception>

namespace graphlens::graphs {

bool isOutOfMemory(const std::exception& error);

}  // namespace graphlens::graphs
