#pragma once
// A scoped NVTX range ("step", "forward", ...) so Nsight Systems shows GraphLens's phases.
// Compiles to nothing when NVTX is off; with NVTX on and no tool attached it costs a pointer check.
#include "graphlens/config.h"

#if GRAPHLENS_HAVE_NVTX
#include <nvtx3/nvToolsExt.h>
#endif

namespace graphlens::profiler {

class NvtxRange {
public:
#if GRAPHLENS_HAVE_NVTX
    explicit NvtxRange(const char* name) { nvtxRangePushA(name); }
    ~NvtxRange() { nvtxRangePop(); }
#else
    explicit NvtxRange(const char*) {}
#endif
    NvtxRange(const NvtxRange&) = delete;
    NvtxRange& operator=(const NvtxRange&) = delete;
};

}  // namespace graphlens::profiler
