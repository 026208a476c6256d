#pragma once
// Who watches the phases of a step (data, forward, postprocess, ...). One step definition serves
// three passes: the timed pass only names the phases (NVTX, no synchronisation inside the step), the
// phase pass synchronises and times each one, the profiled pass marks them for CUPTI attribution.
namespace graphlens::profiler {

class PhaseObserver {
public:
    virtual ~PhaseObserver() = default;
    virtual void begin(const char* phase) = 0;
    virtual void end(const char* phase) = 0;  // phases close in reverse order of opening
    // Phases that need a hook inside autograd (the loss's own backward) cost the step that hook: only
    // an observer that records them asks for them (the profiled pass), so timed steps never pay it.
    virtual bool marksAutogradPhases() const { return false; }
};

// One phase of a step, closed on scope exit (also when the step throws).
class StepPhase {
public:
    StepPhase(PhaseObserver& observer, const char* phase) : observer_(observer), phase_(phase) {
        observer_.begin(phase_);
    }
    ~StepPhase() { observer_.end(phase_); }
    StepPhase(const StepPhase&) = delete;
    StepPhase& operator=(const StepPhase&) = delete;

private:
    PhaseObserver& observer_;
    const char* phase_;
};

}  // namespace graphlens::profiler
