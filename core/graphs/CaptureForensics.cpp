#include "graphlens/config.h"
#include "graphs/CaptureForensics.h"

#include "graphs/OperatorInProgress.h"
#include "platform/ProcessIds.h"
#include "profiler/FailedCallSource.h"

#if GRAPHLENS_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

#include <exception>

namespace graphlens::graphs {

std::string cudaErrorName(int code) {
#if GRAPHLENS_HAVE_CUDA
    const char* name = cudaGetErrorName(static_cast<cudaError_t>(code));
    return name ? name : "";
#else
    (void)code;
    return "";
#endif
}

std::string cudaErrorText(int code) {
#if GRAPHLENS_HAVE_CUDA
    const char* text = cudaGetErrorString(static_cast<cudaError_t>(code));
    return text ? text : "";
#else
    (void)code;
    return "";
#endif
}

CaptureDiagnosis diagnoseCaptureAttempt(const std::function<void()>& attempt) {
    CaptureDiagnosis diagnosis;
    const auto capturingThread = platform::currentSystemThreadId();
    profiler::FailedCallLog log([] { return currentOperatorContext(); });
    auto source = profiler::makeFailedCallSource();
    std::string why;
    const bool recording = source->start(log, why);
    bool threw = false;
    std::string atException;
    {
        OperatorTracking tracking;
        try {
            attempt();
        } catch (const std::exception& error) {
            threw = true;
            diagnosis.exception = error.what();
        } catch (...) {
            threw = true;
            diagnosis.exception = "an exception that is not a std::exception";
        }
        atException = operatorContextAtLastException();
    }
    if (recording) source->stop();
    if (!threw) {
        diagnosis.missing = "the capture succeeded when attempted again for the diagnosis";
        return diagnosis;
    }
    diagnosis.kind = RefusalKind::CaptureFailed;
    if (!recording) {
        diagnosis.missing = "no CUDA call record: " + why;
    } else if (const auto failed = log.firstFailureInCapture()) {
        diagnosis.call = failed->name;
        diagnosis.returnCode = failed->returnCode;
        diagnosis.errorName = cudaErrorName(failed->returnCode);
        diagnosis.errorText = cudaErrorText(failed->returnCode);
        diagnosis.onCapturingThread = failed->threadId == capturingThread;
        diagnosis.threadNote = diagnosis.onCapturingThread
                                   ? "on the capturing thread"
                                   : "on thread " + std::to_string(failed->threadId) + ", not the capturing one";
        const auto context = decodeContext(failed->context);
        diagnosis.operators = context.operators;
        diagnosis.module = context.module;
        diagnosis.moduleType = context.moduleType;
    } else {
        // libtorch refused the capture itself (its words are in `exception`): the operator and module
        // are where that exception left the innermost operator.
        diagnosis.missing = "no CUDA call failed during the capture: libtorch refused it before calling CUDA";
        const auto context = decodeContext(atException);
        diagnosis.operators = context.operators;
        diagnosis.module = context.module;
        diagnosis.moduleType = context.moduleType;
    }
    adviseOn(diagnosis);
    return diagnosis;
}

}  // namespace graphlens::graphs
