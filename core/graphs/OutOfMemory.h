#pragma once
// Out of memory comes in several shapes: c10::OutOfMemoryError (device), std::bad_alloc (host), and
// c10::Error whose message says so (pinned host allocation, cuDNN/cuBLAS workspaces: libtorch gives
// them no type of their own). Each one is an `oom` row, never an aborted sweep. Decide it where the
// original exception is caught; code that wraps the exception carries the answer on
// (GraphCaptureError::outOfMemory, ParityReport::outOfMemory) instead of reading text again.
#include <exception>

namespace graphlens::graphs {

bool isOutOfMemory(const std::exception& error);

}  // namespace graphlens::graphs
