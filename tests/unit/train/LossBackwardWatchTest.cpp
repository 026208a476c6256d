// The loss's own backward as a phase (train/LossBackwardWatch.h), on the CPU: it opens when the engine
// reaches the loss (not at the backward() call) and closes when the first gradient reaches the
// network's output, before the network's backward runs; it opens once; only an observer that records
// autograd phases gets it; a watch whose outputs never get a gradient closes when backward returns;
// and a training step nests it inside its backward.
#include "FakeCaptureBackend.h"
#include "families/Family.h"
#include "families/TrainingLoss.h"
#include "graphs/OutputTree.h"
#include "profiler/ScopedPhase.h"
#include "train/CapturableSgd.h"
#include "train/GradientScaler.h"
#include "train/LossBackwardWatch.h"
#include "train/TrainingStep.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <string>
#include <vector>

using namespace graphlens;

namespace {

// "+name" / "-name" per phase boundary, in order; the test adds its own events between them.
struct EventLog : profiler::PhaseObserver {
    explicit EventLog(bool autogradPhases) : autograd(autogradPhases) {}
    void begin(const char* phase) override { events.push_back(std::string("+") + phase); }
    void end(const char* phase) override { events.push_back(std::string("-") + phase); }
    bool marksAutogradPhases() const override { return autograd; }
    bool autograd;
    std::vector<std::string> events;
};

}  // namespace

TEST_CASE("the loss's backward opens when the engine reaches the loss and closes when the first gradient reaches the network's output",
          "[train][phases]") {
    EventLog log(true);
    const auto weight = torch::ones({3}, torch::requires_grad());
    weight.register_hook([&log](const torch::Tensor&) { log.events.push_back("network gradient"); });
    const auto output = weight * 2;  // the network
    {
        const auto assigned = output.detach().argmax();  // label assignment: no backward
        const auto loss = (output * output).sum().add(assigned);
        const train::LossBackwardWatch watch(loss, {output}, log);
        log.events.push_back("backward called");
        loss.backward();
        log.events.push_back("backward returned");
    }
    CHECK(log.events == std::vector<std::string>{"backward called", "+loss_backward", "-loss_backward",
                                                 "network gradient", "backward returned"});
}

TEST_CASE("the loss's backward is marked only for an observer that records autograd phases, and closes without a gradient",
          "[train][phases]") {
    const auto weight = torch::ones({3}, torch::requires_grad());
    SECTION("the timed pass's observer: nothing marked, nothing hooked") {
        EventLog log(false);
        const auto output = weight * 2;
        {
            const auto loss = output.sum();
            const train::LossBackwardWatch watch(loss, {output}, log);
            loss.backward();
        }
        CHECK(log.events.empty());
    }
    SECTION("outputs without a gradient, or a loss without one: no phase") {
        EventLog log(true);
        const auto output = (weight * 2).detach();
        { const train::LossBackwardWatch watch(weight.sum(), {output, torch::Tensor()}, log); }
        { const train::LossBackwardWatch watch(output.sum(), {weight * 2}, log); }
        CHECK(log.events.empty());
    }
    SECTION("a loss that never reaches the output: closed when the watch ends") {
        EventLog log(true);
        const auto output = weight * 2;
        const auto other = torch::ones({3}, torch::requires_grad());
        {
            const auto loss = other.sum();
            const train::LossBackwardWatch watch(loss, {output}, log);
            loss.backward();
            log.events.push_back("backward returned");
        }
        CHECK(log.events == std::vector<std::string>{"+loss_backward", "backward returned", "-loss_backward"});
    }
    SECTION("a second backward through a retained graph opens nothing") {
        EventLog log(true);
        const auto output = weight * 2;
        const auto loss = (output * output).sum();
        {
            const train::LossBackwardWatch watch(loss, {output}, log);
            loss.backward({}, /*retain_graph=*/true);
            loss.backward();
        }
        CHECK(log.events == std::vector<std::string>{"+loss_backward", "-loss_backward"});
    }
}

// The step watches the tensors graphs::forEachTensor finds in the network's output.
TEST_CASE("the watch takes the tensors of a tensor, tuple or list output", "[train][phases]") {
    const auto a = torch::zeros({1}), b = torch::ones({2});
    const auto count = [](const c10::IValue& output) {
        std::size_t tensors = 0;
        graphs::forEachTensor(output, [&tensors](const torch::Tensor&) { ++tensors; });
        return tensors;
    };
    CHECK(count(c10::IValue(a)) == 1);
    CHECK(count(c10::IValue(std::make_tuple(a, b, 3))) == 2);
    CHECK(count(c10::IValue(c10::List<at::Tensor>({a, b}))) == 2);
    CHECK(count(c10::IValue(7)) == 0);
}

// Eager here; the network scope's replayed steps run the same code around the backward replay (on a
// GPU: the [cuda] sweep tests, whose profiled rows carry loss_backward_wall_us).
TEST_CASE("a training step nests the loss's backward in its backward phase", "[train][phases]") {
    const auto scope = families::TrainingGraphScope::None;
    torch::manual_seed(3);
    auto net = torch::nn::Linear(6, 5);
    std::vector<torch::Tensor> parameters = net->parameters();
    train::CapturableSgd optimizer(parameters, train::SgdOptions{});
    train::GradientScaler scaler(torch::kCPU, {.enabled = false});
    families::Family family;
    family.name = "tiny";
    family.task = "classify";
    family.loss = families::crossEntropyLoss;
    family.training = {families::TrainingGraphScope::Step, ""};
    train::TrainingStepOptions options;
    options.graphScope = scope;
    options.backend = std::make_shared<testing::FakeCaptureBackend>();
    options.warn = [](const std::string&) {};
    train::TrainingStep step(net.ptr(), [net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); },
                             family, optimizer, scaler, options);
    const auto images = torch::randn({4, 6});
    const auto targets = torch::randint(0, 5, {4});
    (void)step.run(images, targets);
    EventLog log(true);
    (void)step.run(images, targets, &log);
    const std::vector<std::string> expected{"+forward", "-forward", "+loss", "-loss", "+backward",
                                            "+loss_backward", "-loss_backward", "-backward", "+optimizer", "-optimizer"};
    CHECK(log.events == expected);

    EventLog timed(false);
    (void)step.run(images, targets, &timed);
    CHECK(std::find(timed.events.begin(), timed.events.end(), "+loss_backward") == timed.events.end());
}
