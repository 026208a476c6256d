// The profiler on a real GPU (issue 6): CUPTI's clock and thread ids agree with the phase markers,
// resnet18 batch 1 launches one kernel per eager launch call and one graph launch per graphed step
// with the same kernels, GPU busy time agrees between the arms, a classification step is mostly network.
// This file enables CUPTI, which slows the rest of the process down (DESIGN §2): keep it last in the
// executable's source list so Catch2 (declaration order) runs it after the timing tests.
#include "bench/SyntheticBatch.h"
#include "families/FamilyRegistry.h"
#include "graphs/GraphRunner.h"
#include "profiler/ChromeTrace.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/LaunchApis.h"
#include "profiler/ProfileSession.h"
#include "profiler/ScopedPhase.h"

#include <catch2/catch.hpp>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>

using namespace graphlens;
using namespace graphlens::profiler;

namespace {

constexpr int kProfiledSteps = 5;

// One profiled window of `steps` steps; the body opens its own inner phases on the recorder.
ProfileResult profileSteps(ProfileSession& session, const std::function<void(PhaseRecorder*)>& body,
                           int steps = kProfiledSteps) {
    INFO("CUPTI unavailable: " << session.unavailableReason());
    REQUIRE(session.start());
    for (int i = 0; i < steps; ++i) {
        ScopedPhase step(session.recorder(), kPhaseStep);
        body(session.recorder());
        torch::cuda::synchronize();  // inside the step range: the step ends when the GPU is done
    }
    auto result = session.stop();
    REQUIRE(result.metrics);
    return result;
}

void print(const std::string& label, const ProfileMetrics& metrics) {
    const auto& s = metrics.summary;
    std::cout << "[profiler] " << label << ": steps " << s.steps << ", launches " << s.launches.value_or(-1)
              << ", graph launches " << s.graphLaunches.value_or(-1) << ", kernels " << s.kernels.value_or(-1)
              << ", launch cpu " << s.launchCpuUs.value_or(-1) << " us, gpu busy " << s.gpuBusyUs.value_or(-1)
              << " us, span " << s.spanUs.value_or(-1) << " us, wall " << s.wallUs.value_or(-1)
              << " us, network gpu share " << s.networkGpuFraction.value_or(-1) << ", launch delay median "
              << s.launchDelayMedianUs.value_or(-1) << " us p90 " << s.launchDelayP90Us.value_or(-1)
              << " us, discarded " << metrics.discarded.total() << '\n';
}

torch::nn::AnyModule resnet18OnCuda() {
    auto network = families::FamilyRegistry::builtIn().find("resnet18")->build(/*seed=*/7);
    network.ptr()->to(torch::Device(torch::kCUDA, 0), torch::kFloat);
    network.ptr()->eval();
    return network;
}

}  // namespace

TEST_CASE("phase markers and CUPTI records share one clock and one thread id", "[cuda][profiler]") {
    torch::NoGradGuard noGrad;
    auto x = torch::randn({512, 512}, torch::TensorOptions().device(torch::kCUDA));
    x = (x * 1.0001).relu();  // lazy CUDA and kernel-module initialisation outside the window
    torch::cuda::synchronize();

    ProfileSession session(makeCuptiActivitySource());
    const auto result = profileSteps(session, [&](PhaseRecorder* recorder) {
        ScopedPhase forward(recorder, kPhaseForward);
        for (int i = 0; i < 10; ++i) x = (x * 1.0001).relu();  // 20 kernels
    }, /*steps=*/1);
    print("alignment", *result.metrics);

    const PhaseMark* forward = nullptr;
    for (const auto& mark : result.phases) {
        if (mark.name == kPhaseForward) forward = &mark;
    }
    REQUIRE(forward);
    int launchesSeen = 0;
    for (const auto& api : result.batch.apis) {
        if (launchKind(api.domain, api.cbid) == LaunchKind::None) continue;
        ++launchesSeen;
        // The marker was taken before the first launch and after the last one on this very thread:
        // if the clocks disagreed by more than the gap, these would fail.
        CHECK(api.start >= forward->start);
        CHECK(api.end <= forward->end);
        CHECK(api.threadId == forward->threadId);
    }
    CHECK(launchesSeen >= 20);
    for (const auto& kernel : result.batch.kernels) {
        for (const auto& api : result.batch.apis) {
            if (api.correlationId == kernel.correlationId) CHECK(kernel.start >= api.start);
        }
    }
    const auto& step = result.metrics->steps.at(0);
    CHECK(step.launches == 20);
    CHECK(step.kernels == 20);
    CHECK(result.metrics->discarded.total() == 0);
}

TEST_CASE("resnet18 batch 1: eager launches equal kernels, graphed is one graph launch of the same kernels",
          "[cuda][profiler]") {
    torch::NoGradGuard noGrad;
    auto network = resnet18OnCuda();
    const auto input = bench::makeSyntheticBatch(1, 224, torch::kFloat, torch::Device(torch::kCUDA, 0), /*seed=*/1);
    for (int i = 0; i < 3; ++i) network.forward<torch::Tensor>(input);  // cuDNN/cuBLAS set-up outside the window
    graphs::GraphRunner runner(network, "resnet18", {families::GraphSupportKind::Whole, ""});
    runner.captureFor(input);
    runner.runReturningStaticBuffers(input);
    torch::cuda::synchronize();

    ProfileSession eagerSession(makeCuptiActivitySource());
    const auto eager = profileSteps(eagerSession, [&](PhaseRecorder* recorder) {
        ScopedPhase forward(recorder, kPhaseForward);
        network.forward<torch::Tensor>(input);
    });
    ProfileSession graphedSession(makeCuptiActivitySource());
    const auto graphed = profileSteps(graphedSession, [&](PhaseRecorder* recorder) {
        ScopedPhase forward(recorder, kPhaseForward);
        runner.runReturningStaticBuffers(input);
    });
    print("resnet18 b1 eager", *eager.metrics);
    print("resnet18 b1 graphed", *graphed.metrics);

    for (const auto& step : eager.metrics->steps) {
        CHECK(step.graphLaunches == 0);
        CHECK(step.kernels > 20);
        CHECK(step.launches == step.kernels);
    }
    const int eagerKernels = eager.metrics->steps.front().kernels;
    for (const auto& step : graphed.metrics->steps) {
        CHECK(step.graphLaunches == 1);
        // The static-input copy is a memcpy today; should it ever become a kernel it is one launch more.
        CHECK(step.kernels - step.launches == eagerKernels);
    }
    CHECK(eager.metrics->discarded.total() == 0);
    CHECK(graphed.metrics->discarded.total() == 0);
    const double eagerBusy = *eager.metrics->summary.gpuBusyUs;
    const double graphedBusy = *graphed.metrics->summary.gpuBusyUs;
    CHECK(std::abs(graphedBusy - eagerBusy) <= 0.05 * eagerBusy);
    CHECK(*eager.metrics->summary.launchDelayMedianUs > 0);

    // Windows recording API calls alone (the profiled pass's first run): the same launch calls, and no
    // kernel, copy or busy time, since the activity API is never switched on.
    ProfileSession eagerCalls(makeCuptiActivitySource(CuptiRecords::Calls));
    const auto eagerFromCalls = profileSteps(eagerCalls, [&](PhaseRecorder* recorder) {
        ScopedPhase forward(recorder, kPhaseForward);
        network.forward<torch::Tensor>(input);
    });
    ProfileSession graphedCalls(makeCuptiActivitySource(CuptiRecords::Calls));
    const auto graphedFromCalls = profileSteps(graphedCalls, [&](PhaseRecorder* recorder) {
        ScopedPhase forward(recorder, kPhaseForward);
        runner.runReturningStaticBuffers(input);
    });
    print("resnet18 b1 eager, API calls alone", *eagerFromCalls.metrics);
    print("resnet18 b1 graphed, API calls alone", *graphedFromCalls.metrics);
    for (const auto& step : eagerFromCalls.metrics->steps) {
        CHECK(step.launches == eagerKernels);
        CHECK(step.kernels == 0);
        CHECK(step.gpuBusyUs == 0);
        CHECK(step.phase(kPhaseForward) != nullptr);
    }
    for (const auto& step : graphedFromCalls.metrics->steps) {
        CHECK(step.graphLaunches == 1);
        CHECK(step.launches == graphed.metrics->steps.front().launches);
    }
    CHECK(eagerFromCalls.batch.kernels.empty());

    // The trace of both windows, for a look in Perfetto: $GRAPHLENS_TRACE_DIR or the temp directory.
    ChromeTrace trace;
    trace.add("eager", eager.batch, eager.phases);
    trace.add("graphed", graphed.batch, graphed.phases);
    const char* dir = std::getenv("GRAPHLENS_TRACE_DIR");
    const auto path = std::filesystem::path(dir ? dir : std::filesystem::temp_directory_path().string()) /
                      "graphlens-profiler-resnet18-b1.json";
    trace.writeFile(path.string());
    std::cout << "[profiler] trace written to " << path.string() << '\n';
    CHECK(std::filesystem::file_size(path) > 1000);
}

TEST_CASE("a classification step: copies count as GPU work and the network is part of the step", "[cuda][profiler]") {
    torch::NoGradGuard noGrad;
    auto network = resnet18OnCuda();
    const auto host = bench::makeSyntheticBatch(1, 224, torch::kFloat, torch::Device(torch::kCPU), /*seed=*/2)
                          .pin_memory();
    for (int i = 0; i < 3; ++i) network.forward<torch::Tensor>(host.to(torch::kCUDA));
    torch::cuda::synchronize();

    ProfileSession session(makeCuptiActivitySource());
    const auto result = profileSteps(session, [&](PhaseRecorder* recorder) {
        torch::Tensor input;
        {
            ScopedPhase data(recorder, kPhaseData);
            input = host.to(torch::kCUDA, /*non_blocking=*/true);
        }
        torch::Tensor logits;
        {
            ScopedPhase forward(recorder, kPhaseForward);
            logits = network.forward<torch::Tensor>(input);
        }
        ScopedPhase postprocess(recorder, kPhasePostprocess);
        const auto top = logits.softmax(1).argmax(1).to(torch::kCPU);
        CHECK(top.numel() == 1);
    });
    print("resnet18 b1 classify step", *result.metrics);
    const auto& summary = result.metrics->summary;
    REQUIRE(summary.networkGpuFraction);
    // The upload and the postprocess are GPU work too: the network's share is below 1.
    CHECK(*summary.networkGpuFraction > 0.0);
    CHECK(*summary.networkGpuFraction < 1.0);
    const auto& step = result.metrics->steps.front();
    REQUIRE(step.phase(kPhaseData));
    REQUIRE(step.phase(kPhasePostprocess));
    CHECK(step.phase(kPhaseData)->gpuUs > 0.0);  // the host-to-device copy is a memcpy record
    CHECK(step.phase(kPhaseForward)->gpuUs > step.phase(kPhasePostprocess)->gpuUs);
    CHECK(step.gpuBusyUs >= step.phase(kPhaseData)->gpuUs + step.phase(kPhaseForward)->gpuUs);
}
