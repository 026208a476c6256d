#include "bench/SweepParity.h"

#include "bench/FamilyGraphRunner.h"
#include "graphs/OutOfMemory.h"
#include "bench/ParityProbes.h"
#include "graphs/ParityCheck.h"
#include "results/ErrorText.h"

#include <cstdio>

namespace graphlens::bench {

SweepParityResult checkSweepParity(const families::Family& family, torch::nn::AnyModule& network, int batch,
                                   int imgsz, torch::Dtype dtype, at::MemoryFormat format,
                                   graphs::GraphRunnerOptions options) {
    options.mode = graphs::GraphMode::On;
    const int eagerWarmup = options.warmupIterations;
    options.warn = [](const std::string&) {};  // the result carries what matters
    auto runner = makeFamilyGraphRunner(family, network, std::move(options));
    const auto device = network.ptr()->parameters().empty() ? torch::Device(torch::kCPU)
                                                            : network.ptr()->parameters().front().device();
    const auto probes = makeParityProbes(batch, imgsz, device);
    const auto a = probes.a.to(dtype).contiguous(format);
    const auto b = probes.b.to(dtype).contiguous(format);
    const auto report = graphs::checkInferenceParity(*runner, a, b, eagerWarmup);
    runner->release();

    SweepParityResult result;
    switch (report.result) {
        case graphs::ParityResult::BitExact:
            if (!report.probesDiffer) {
                result.parity = "inconclusive";
                result.reason = "the parity probes gave identical eager outputs, so the check proves nothing";
            } else if (!report.staleGuard) {
                result.parity = "stale buffer";
                result.reason = "a replay returned the previous replay's output";
            } else {
                result.parity = "bit-exact";
                result.passed = true;
            }
            break;
        case graphs::ParityResult::Mismatch: {
            char text[64];
            std::snprintf(text, sizeof text, "mismatch %.3g", report.maxAbsDiff);
            result.parity = text;
            result.reason = "graphed output differs from eager (" + results::errorCause(report.message) + ")";
            break;
        }
        case graphs::ParityResult::CaptureError:
            result.parity = "capture error";
            result.reason = results::errorCause(report.message);
            result.outOfMemory = report.outOfMemory;
            break;
    }
    return result;
}

}  // namespace graphlens::bench
