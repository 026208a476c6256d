// A training step that splits at a seam (families::TrainingSeam), on the CPU: every step runs the split
// (the captured part, then the eager rest with the batch's targets; never the whole forward), `step`
// scope falls back to `network` scope and says why, the captured part is marked inside forward and
// backward for the phase pass, and a family that declares a seam without a split is a defect named as
// such. The graphed split against the eager one is a GPU test (tests/gpu/TrainingGpuTest.cpp): the CPU
// stand-in for capture replays backward through the capture's own autograd graph, which later forwards
// invalidate (saved inputs and running statistics change in place), so it cannot replay network scope.
#include "SeamedNetwork.h"
#include "families/TrainingSeam.h"
#include "train/CapturableAdamW.h"
#include "train/GradientScaler.h"
#include "train/TrainingStep.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <string>
#include <vector>

using namespace graphlens;
using families::TrainingGraphScope;
using testing::SeamNet;
using testing::seamFamily;

namespace {

class PhaseLog final : public profiler::PhaseObserver {
public:
    void begin(const char* phase) override { events.push_back(std::string("+") + phase); }
    void end(const char* phase) override { events.push_back(std::string("-") + phase); }
    std::vector<std::string> events;
};

struct Seamed {
    SeamNet net;
    families::Family family;
    int restCalls = 0;
    std::optional<train::CapturableAdamW> optimizer;
    std::optional<train::GradientScaler> scaler;
    std::vector<std::string> warnings;
    std::unique_ptr<train::TrainingStep> step;

    explicit Seamed(TrainingGraphScope scope) {
        torch::manual_seed(7);
        net = SeamNet();
        net->train();
        family = seamFamily(net, &restCalls);
        torch::nn::AnyModule any(net);
        optimizer.emplace(net->parameters(), train::AdamWOptions{});
        scaler.emplace(torch::kCPU, train::GradientScalerOptions{.enabled = false});
        train::TrainingStepOptions options;
        options.graphScope = scope;
        options.seam = families::trainingSeamOf(family, any);
        options.warn = [this](const std::string& line) { warnings.push_back(line); };
        step = std::make_unique<train::TrainingStep>(
            net.ptr(), [](const torch::Tensor&) -> c10::IValue {
                FAIL("a seam family's whole forward ran in training");
                return {};
            },
            family, *optimizer, *scaler, options);
    }
};

}  // namespace

TEST_CASE("every step of a seam family runs the split: the captured part, then the rest with the targets",
          "[train][seam]") {
    Seamed seamed(TrainingGraphScope::None);
    std::vector<torch::Tensor> before;
    for (const auto& p : seamed.net->parameters()) before.push_back(p.detach().clone());
    torch::manual_seed(3);
    for (int i = 0; i < 4; ++i) {
        const auto images = torch::randn({2, 3, 8, 8});
        const auto targets = torch::randint(0, 3 + i, {2});
        // The loss of the split, computed by hand on the same weights before the step moves them.
        const auto expected = testing::seamLoss(seamed.net->rest(seamed.net->body->forward(images), targets), targets).detach();
        const auto result = seamed.step->run(images, targets);
        CHECK(torch::allclose(result.loss, expected));
    }
    CHECK(seamed.restCalls == 4);
    const auto after = seamed.net->parameters();
    for (std::size_t i = 0; i < before.size(); ++i) {
        CAPTURE(i);
        CHECK_FALSE(torch::equal(before[i], after[i]));  // the body's and the head's parameters all train
    }
}

TEST_CASE("step scope on a seam family becomes network scope and says why", "[train][seam]") {
    Seamed seamed(TrainingGraphScope::Step);
    REQUIRE_FALSE(seamed.warnings.empty());
    CHECK(seamed.warnings.front().find("after the body, before the head") != std::string::npos);
    CHECK(seamed.warnings.front().find("network scope") != std::string::npos);
    CHECK(seamed.step->scope() == TrainingGraphScope::Network);
}

TEST_CASE("a family that declares a training seam and gives no split is named", "[train][seam]") {
    SeamNet net;
    auto family = seamFamily(net);
    torch::nn::AnyModule any(net);
    family.trainingSeam = nullptr;
    CHECK_THROWS_WITH(families::trainingSeamOf(family, any),
                      Catch::Contains("seamed declares a training seam (after the body, before the head)"));
    family.training.seam.clear();
    CHECK_FALSE(families::trainingSeamOf(family, any).has_value());
}

TEST_CASE("a seam step marks its captured part inside forward and backward", "[train][seam]") {
    Seamed seamed(TrainingGraphScope::None);
    PhaseLog log;
    (void)seamed.step->run(torch::randn({2, 3, 8, 8}), torch::tensor({1, 2}), &log);
    const std::vector<std::string> expected{"+forward",  "+captured_forward",  "-captured_forward",  "-forward",
                                            "+loss",     "-loss",              "+backward",          "+captured_backward",
                                            "-captured_backward", "-backward", "+optimizer",         "-optimizer"};
    CHECK(log.events == expected);
}
