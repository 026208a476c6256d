#pragma once
// Why a graph was refused, in terms a user can act on (capture forensics, DESIGN §3b): the first CUDA
// call that failed during the capture attempt, the operator and module that made it, or for a replay
// that differs from eager, the first module whose output differs; and one sentence on what to do.
// Plain data and string rules: tested without a GPU.
#include <string>

namespace graphlens::graphs {

enum class RefusalKind {
    None,              // nothing refused (or not diagnosed)
    CaptureFailed,     // a call was refused during capture, or the capture threw
    Mismatch,          // the replay's output differs from eager's, and eager repeats itself
    RandomDraws,       // eager differs from itself until the device generator is put back: by design
    StateAcrossCalls,  // eager differs from itself with the generator put back: the model keeps state
};
const char* toString(RefusalKind kind);  // "capture-failed", "mismatch", "random-draws", "state-across-calls", ""

struct CaptureDiagnosis {
    RefusalKind kind = RefusalKind::None;
    // Capture failures: the first failed CUDA call ("cudaStreamSynchronize"), its error by name and text,
    // and its thread.
    std::string call;
    int returnCode = 0;
    std::string errorName;       // "cudaErrorStreamCaptureUnsupported"
    std::string errorText;       // "operation not permitted when stream is capturing"
    bool onCapturingThread = true;
    std::string threadNote;      // "on the capturing thread" / "on thread 1234, not the capturing one"
    // What was running there: operators outer > inner, and the module path ("head.nms").
    std::string operators;
    std::string module;
    std::string moduleType;
    // Mismatches: where the replay first differs, and by how much.
    double maxAbsDiff = 0;
    // The exception the capture attempt ended with (libtorch's words), for when no call failed.
    std::string exception;
    std::string advice;          // what to do, one sentence
    std::string missing;         // what could not be found, and why ("CUPTI is not available: ...")

    // The innermost operator ("aten::nonzero"), or "" when none was running.
    std::string innermostOperator() const;
    // "cudaStreamSynchronize returned cudaErrorStreamCaptureUnsupported (operation not permitted when
    // stream is capturing) on the capturing thread"
    std::string callText() const;
    // The row message: "capture failed at aten::nonzero in head.nms (cudaStreamSynchronize refused
    // during capture)", "replay differs from eager first at counter (max abs diff 3)", ...
    std::string summary() const;
};

// Fills diagnosis.advice from what was found (operators, call, kind, module). Rules, most specific
// first: .item()/a branch on a value, data-dependent output sizes, synchronisation, host tensors and
// host random numbers, allocation on another thread, random draws, state across calls.
void adviseOn(CaptureDiagnosis& diagnosis);

}  // namespace graphlens::graphs
