#include "bench/RefusalDiagnosis.h"

#include "bench/BrokenModuleSearch.h"
#include "bench/SeamFinder.h"
#include "graphs/CaptureForensics.h"
#include "graphs/GeneratorSnapshot.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"

#include <torch/torch.h>

namespace graphlens::bench {
namespace {

// Runs `body` twice with every default generator put back in between (CPU and the probe's device).
bool repeatsWithGeneratorsRestored(const std::function<c10::IValue()>& body, torch::Device device) {
    const graphs::GeneratorSnapshot cpu(torch::Device(torch::kCPU));
    std::optional<graphs::GeneratorSnapshot> onDevice;
    if (device.is_cuda()) onDevice.emplace(device);
    const auto first = graphs::cloneTensors(body());
    cpu.restore();
    if (onDevice) onDevice->restore();
    return graphs::compareBitwise(first, body()).equal;
}

// The first link whose output stops repeating itself, for a model that differs from itself.
std::string firstSelfDifferingLink(const families::ModuleChain& chain, const torch::Tensor& probe) {
    for (std::size_t end = 1; end <= chain.size(); ++end) {
        if (!graphs::repeatsBitwise([&] { return chain.run(probe, 0, end); })) return chain.links[end - 1].name;
    }
    return "";
}

}  // namespace

graphs::CaptureDiagnosis diagnoseRefusal(const RefusalContext& context, const graphs::ParityReport& report) {
    graphs::CaptureDiagnosis diagnosis;
    if (report.passed()) return diagnosis;
    torch::NoGradGuard noGrad;
    std::optional<families::ModuleChain> chain;
    if (context.family.moduleChain) chain = context.family.moduleChain(context.network);
    SeamFinderOptions search;
    search.warmupIterations = context.warmupIterations;
    search.backend = context.backend;
    search.measure = false;
    // The first broken link of the chain, then the deepest module below it that still breaks (with the
    // difference of its replayed output, for a mismatch).
    auto brokenModule = [&](graphs::CaptureDiagnosis& into) {
        const auto finding = findSeam(context.family, context.network, context.probeA, context.probeB, search);
        into.module = finding.firstBrokenLink;
        for (std::size_t i = 0; i < chain->size() && !finding.firstBrokenLink.empty(); ++i) {
            if (chain->links[i].name != finding.firstBrokenLink) continue;
            const auto deepest = findBrokenModule(context.family, context.network, *chain, i, context.probeA,
                                                  context.probeB, search);
            into.module = deepest.path;
            if (deepest.maxAbsDiff) into.maxAbsDiff = *deepest.maxAbsDiff;
            break;
        }
    };

    if (report.result == graphs::ParityResult::CaptureError) {
        if (report.outOfMemory) {
            diagnosis.kind = graphs::RefusalKind::CaptureFailed;
            diagnosis.exception = report.message;
        } else {
            diagnosis = graphs::diagnoseCaptureAttempt([&] {
                auto runner = context.makeRunner();
                runner->captureFor(context.probeA);
            });
        }
        if (diagnosis.kind == graphs::RefusalKind::None) {  // it captured this time: keep what the check said
            diagnosis.kind = graphs::RefusalKind::CaptureFailed;
            diagnosis.exception = report.message;
        }
        if (diagnosis.module.empty() && chain) brokenModule(diagnosis);
        graphs::adviseOn(diagnosis);
        return diagnosis;
    }

    // A mismatch, or a guard that failed: does eager repeat itself?
    const auto whole = graphs::forwardOf(context.network);
    diagnosis.maxAbsDiff = report.maxAbsDiff;
    if (!graphs::repeatsBitwise([&] { return whole(context.probeA); })) {
        diagnosis.kind = repeatsWithGeneratorsRestored([&] { return whole(context.probeA); }, context.probeA.device())
                             ? graphs::RefusalKind::RandomDraws
                             : graphs::RefusalKind::StateAcrossCalls;
        if (chain) diagnosis.module = firstSelfDifferingLink(*chain, context.probeA);
    } else {
        diagnosis.kind = graphs::RefusalKind::Mismatch;
        diagnosis.exception = report.message;
        if (chain) brokenModule(diagnosis);
    }
    graphs::adviseOn(diagnosis);
    return diagnosis;
}

}  // namespace graphlens::bench
