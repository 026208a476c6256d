#pragma once
// Why the Timeline tab shows no trace for the run or session shown, in words: a CPU run has no GPU
// kernels for CUPTI to record, a run with profiling off has no profiled pass, and a running sweep
// writes its trace only when it ends. Pure, so each case is tested without a window.
#include <QString>

namespace graphlens::ui {

struct TimelineContext {
    bool running = false;    // a sweep is in progress
    bool profiling = true;   // its plan (or the session's) asked for the profiled pass
    bool lacksCuda = false;  // it runs (or ran) without a CUDA device
};

// Empty when none of these applies: the panel then says how to get a trace.
QString whyNoTimeline(const TimelineContext& context);

}  // namespace graphlens::ui
