#include "ui/timeline/TimelineAbsence.h"

#include <QCoreApplication>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::TimelineAbsence", text); }

}  // namespace

QString whyNoTimeline(const TimelineContext& context) {
    // The CPU first: with no device, profiling on or off ends the same way, and "turn profiling on"
    // would send the reader after a switch that is already on.
    if (context.lacksCuda) {
        return context.running
                   ? tr("No step timeline for this run: it runs on the CPU (no CUDA device), and the profiled pass "
                        "records GPU kernels with CUPTI, so it is skipped whether profiling is on or off.")
                   : tr("No step timeline for this run: it ran on the CPU (no CUDA device), and the profiled pass "
                        "records GPU kernels with CUPTI, so it was skipped whether profiling was on or off.");
    }
    if (!context.profiling) {
        return context.running ? tr("No step timeline for this run: profiling is off in its plan (the Profiling "
                                    "box of the Sweep panel).")
                               : tr("No step timeline for this run: it ran with profiling off (the Profiling box "
                                    "of the Sweep panel).");
    }
    if (context.running) {
        return tr("The profiled steps of this run appear here when it ends: the profiled pass runs after the "
                  "timed steps, in a process of its own.");
    }
    return {};
}

}  // namespace graphlens::ui
