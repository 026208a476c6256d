#pragma once
// The activity API's buffers: CUPTI asks for an empty buffer when it needs one and hands it back full
// (or at a flush) on its own thread; the records are decoded into the collector's batch there and the
// buffer freed. Compiled only when GRAPHLENS_HAVE_CUPTI.
#include "profiler/CuptiCollector.h"
#include "profiler/CuptiLibrary.h"

#include <string>

namespace graphlens::profiler {

// Registers the buffer callbacks with CUPTI, once per process (CUPTI keeps them until the process
// ends); true when they are registered. Call with the collector's mutex held. On failure *why says so.
bool registerActivityBuffers(const CuptiLibrary& lib, CuptiCollector& sink, std::string* why);

}  // namespace graphlens::profiler
