#pragma once
// Two clocks for one predicted step, the host's and the GPU's, both from the step's start. Work the
// host launches runs on the GPU after the GPU's earlier work and never before the host launched it;
// the host goes on without waiting, except at a wait, where it catches up with the GPU; the step ends
// when both are done (the timed step ends with a synchronize). All times in ms.
namespace graphlens::advisor {

class HostGpuTimeline {
public:
    // `hostMs` of host work that launches `gpuMs` of GPU work (its last kernel ends no earlier than
    // the host's work does).
    void run(double hostMs, double gpuMs);
    // A replay: `hostMs` to launch it, then its GPU time, which starts once it is launched.
    void replay(double hostMs, double gpuMs);
    // The host waits for every GPU work launched so far (a synchronize, a copy to the host).
    void waitForGpu();
    void host(double ms) { hostMs_ += ms; }

    double endMs() const;

private:
    double hostMs_ = 0;
    double gpuMs_ = 0;
};

}  // namespace graphlens::advisor
