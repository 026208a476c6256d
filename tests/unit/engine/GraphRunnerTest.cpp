// The inference graph engine's policy on the CPU, through a fake capture backend: modes and the
// auto threshold, shape keys, max_graphs, declarations, cloned vs static outputs of nested trees,
// failed captures, stale-weight invalidation, seams with data-dependent rests, the parity protocol.
#include "FakeCaptureBackend.h"
#include "bench/VerifyRunner.h"
#include "graphs/GraphCaptureError.h"
#include "graphs/GraphDeclarationError.h"
#include "graphs/GraphPolicy.h"
#include "graphs/GraphRunner.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutOfMemory.h"
#include "graphs/OutputTree.h"
#include "graphs/ParityCheck.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <limits>
#include <set>

using namespace graphlens;
using graphs::GraphMode;
using families::GraphSupport;
using families::GraphSupportKind;

namespace {

const GraphSupport kWhole{GraphSupportKind::Whole, ""};

struct NestedImpl : torch::nn::Module {
    NestedImpl() { linear = register_module("linear", torch::nn::Linear(4, 3)); }
    c10::IValue forward(const torch::Tensor& x) {
        const auto y = linear(x);
        c10::Dict<std::string, torch::Tensor> dict;
        dict.insert("sum", y.sum(1));
        dict.insert("max", std::get<0>(y.max(1)));
        c10::List<torch::Tensor> list({y * 2, y - 1});
        return c10::ivalue::Tuple::create(y, list, dict, c10::IValue(int64_t{5}));
    }
    torch::nn::Linear linear{nullptr};
};
TORCH_MODULE(Nested);

// A network whose last layer fine-tuning code replaces.
struct HeadNetImpl : torch::nn::Module {
    HeadNetImpl() { head = register_module("head", torch::nn::Linear(4, 3)); }
    torch::Tensor forward(const torch::Tensor& x) { return head(x); }
    torch::nn::Linear head{nullptr};
};
TORCH_MODULE(HeadNet);

struct Fixture {
    std::shared_ptr<testing::FakeCaptureBackend> backend = std::make_shared<testing::FakeCaptureBackend>();
    std::vector<std::string> warnings;

    graphs::GraphRunnerOptions options(GraphMode mode) {
        graphs::GraphRunnerOptions o;
        o.mode = mode;
        o.backend = backend;
        o.warmupIterations = 1;
        o.warn = [this](const std::string& text) { warnings.push_back(text); };
        return o;
    }
};

torch::Tensor input(int batch, std::uint64_t seed = 1) {
    torch::manual_seed(seed);
    return torch::randn({batch, 4});
}

torch::nn::AnyModule linearModule() {
    torch::manual_seed(3);
    return torch::nn::AnyModule(torch::nn::Linear(4, 3));
}

bool same(const c10::IValue& a, const c10::IValue& b) { return graphs::compareBitwise(a, b).equal; }

}  // namespace

TEST_CASE("graph modes parse and print", "[graphs]") {
    CHECK(graphs::parseGraphMode("off") == GraphMode::Off);
    CHECK(graphs::parseGraphMode("on") == GraphMode::On);
    CHECK(graphs::parseGraphMode("auto") == GraphMode::Auto);
    CHECK(std::string(graphs::toString(GraphMode::Auto)) == "auto");
    CHECK_THROWS_WITH(graphs::parseGraphMode("always"), Catch::Contains("off, on, auto"));
}

TEST_CASE("graph keys tell shape, dtype and device apart", "[graphs]") {
    const auto a = graphs::GraphKey::of(torch::zeros({2, 3}));
    CHECK(a == graphs::GraphKey::of(torch::ones({2, 3})));
    CHECK(a != graphs::GraphKey::of(torch::zeros({3, 2})));
    CHECK(a != graphs::GraphKey::of(torch::zeros({2, 3}, torch::kHalf)));
    auto onGpu = a;
    onGpu.device = torch::Device(torch::kCUDA, 0);
    CHECK(a != onGpu);
    CHECK((a < onGpu) != (onGpu < a));
    CHECK(a.toString() == "[2, 3] Float cpu");
}

TEST_CASE("graph keys tell memory layouts apart: channels_last never replays an NCHW graph", "[graphs]") {
    const auto nchw = graphs::GraphKey::of(torch::zeros({2, 3, 4, 5}));
    const auto channelsLast = graphs::GraphKey::of(torch::zeros({2, 3, 4, 5}).contiguous(at::MemoryFormat::ChannelsLast));
    CHECK(nchw != channelsLast);
    CHECK((nchw < channelsLast) != (channelsLast < nchw));
    CHECK(nchw == graphs::GraphKey::of(torch::ones({2, 3, 4, 5})));
    CHECK(nchw.toString() == "[2, 3, 4, 5] Float cpu");
    CHECK(channelsLast.toString() == "[2, 3, 4, 5] Float cpu strides [60, 1, 15, 3]");
}

TEST_CASE("policy: on captures at first sight, auto at the threshold, off never", "[graphs]") {
    const auto key = graphs::GraphKey::of(torch::zeros({1, 4}));
    graphs::GraphPolicy on(GraphMode::On, 3, 8);
    CHECK(on.decideWithoutGraph(key, 0).action == graphs::GraphAction::Capture);

    graphs::GraphPolicy off(GraphMode::Off, 3, 8);
    for (int i = 0; i < 5; ++i) CHECK(off.decideWithoutGraph(key, 0).action == graphs::GraphAction::Eager);
    CHECK(off.eagerFallbacks() == 0);

    graphs::GraphPolicy autoPolicy(GraphMode::Auto, 3, 8);
    const auto first = autoPolicy.decideWithoutGraph(key, 0);
    CHECK(first.action == graphs::GraphAction::Eager);
    CHECK_FALSE(first.fallback);
    CHECK_THAT(first.reason, Catch::Contains("seen 1 of 3"));
    CHECK(autoPolicy.decideWithoutGraph(key, 0).action == graphs::GraphAction::Eager);
    CHECK(autoPolicy.decideWithoutGraph(key, 0).action == graphs::GraphAction::Capture);
    CHECK(autoPolicy.autoWarmupRuns() == 2);
    CHECK(autoPolicy.eagerFallbacks() == 0);
    const auto other = graphs::GraphKey::of(torch::zeros({2, 4}));
    CHECK(autoPolicy.decideWithoutGraph(other, 1).action == graphs::GraphAction::Eager);
    CHECK(autoPolicy.sightings(other) == 1);

    CHECK_THROWS(graphs::GraphPolicy(GraphMode::Auto, 0, 8));
}

TEST_CASE("policy: max_graphs warns once and counts eager runs, failures stick until reset", "[graphs]") {
    graphs::GraphPolicy policy(GraphMode::On, 3, 2);
    const auto k = [](int b) { return graphs::GraphKey::of(torch::zeros({b, 4})); };
    CHECK(policy.decideWithoutGraph(k(1), 0).action == graphs::GraphAction::Capture);
    CHECK(policy.decideWithoutGraph(k(2), 1).action == graphs::GraphAction::Capture);
    const auto third = policy.decideWithoutGraph(k(3), 2);
    CHECK(third.action == graphs::GraphAction::Eager);
    CHECK(third.fallback);
    CHECK(third.warnNow);
    CHECK_THAT(third.reason, Catch::Contains("max_graphs (2)"));
    const auto fourth = policy.decideWithoutGraph(k(4), 2);
    CHECK(fourth.action == graphs::GraphAction::Eager);
    CHECK_FALSE(fourth.warnNow);
    CHECK(policy.eagerFallbacks() == 2);

    policy.recordFailure(k(5), "operation not permitted when stream is capturing");
    const auto failed = policy.decideWithoutGraph(k(5), 0);
    CHECK(failed.action == graphs::GraphAction::Eager);
    CHECK_THAT(failed.reason, Catch::Contains("not retried until release()") && Catch::Contains("capturing"));
    policy.reset();
    CHECK(policy.decideWithoutGraph(k(5), 0).action == graphs::GraphAction::Capture);
}

TEST_CASE("runner in auto mode captures on the third sighting and never for a shape seen once", "[graphs]") {
    Fixture f;
    auto module = linearModule();
    graphs::GraphRunner runner(module, "linear", kWhole, f.options(GraphMode::Auto));
    const auto x = input(2);
    for (int call = 1; call <= 2; ++call) {
        CHECK(same(runner.run(x), runner.runEager(x)));
        CHECK(runner.graphCount() == 0);
    }
    CHECK(same(runner.run(x), runner.runEager(x)));  // 3rd sighting: capture + replay
    CHECK(f.backend->captures == 1);
    CHECK(runner.graphCount() == 1);
    CHECK(same(runner.run(input(1, 9)), runner.runEager(input(1, 9))));  // another shape, once
    CHECK(runner.graphCount() == 1);
    for (int call = 0; call < 4; ++call) (void)runner.run(input(2, call + 10));
    const auto info = runner.info();
    REQUIRE(info.graphs.size() == 1);
    CHECK(info.graphs[0].shape == std::vector<std::int64_t>{2, 4});
    CHECK(info.graphs[0].replays == 5);  // every call since the capture, the capturing one included
    CHECK(info.graphs[0].dtype == "Float");
    CHECK(info.graphs[0].device == "cpu");
    CHECK(info.graphs[0].captureMs == 1.5);
    CHECK(info.graphs[0].poolBytes == 4096);
    CHECK(info.autoWarmupRuns == 3);
    CHECK(info.eagerFallbacks == 0);
    CHECK(f.backend->replays == 5);
}

TEST_CASE("run() clones outputs, runReturningStaticBuffers hands out the buffers a replay overwrites",
          "[graphs]") {
    Fixture f;
    torch::manual_seed(1);
    torch::nn::AnyModule module(Nested{});
    graphs::GraphRunner runner(module, "nested", kWhole, f.options(GraphMode::On));
    const auto x1 = input(2, 1), x2 = input(2, 2);
    const auto eager1 = runner.runEager(x1), eager2 = runner.runEager(x2);

    const auto owned = runner.run(x1);
    (void)runner.run(x2);
    CHECK(same(owned, eager1));  // untouched by the later replay
    REQUIRE(owned.isTuple());
    CHECK(owned.toTupleRef().elements()[3].toInt() == 5);  // non-tensor leaves pass through

    const auto shared = runner.runReturningStaticBuffers(x1);
    CHECK(same(shared, eager1));
    const auto again = runner.runReturningStaticBuffers(x2);
    CHECK(same(shared, eager2));  // the same buffers, overwritten by the replay of x2
    CHECK(shared.toTupleRef().elements()[0].toTensor().data_ptr() ==
          again.toTupleRef().elements()[0].toTensor().data_ptr());
    CHECK(owned.toTupleRef().elements()[0].toTensor().data_ptr() !=
          again.toTupleRef().elements()[0].toTensor().data_ptr());
    CHECK(f.backend->captures == 1);
}

TEST_CASE("output trees: clone, bitwise compare, max abs diff", "[graphs]") {
    const auto t = torch::tensor({1.0f, -0.0f, std::numeric_limits<float>::quiet_NaN()});
    CHECK(graphs::bitEqual(t, t.clone()));  // equal NaN bits compare equal
    CHECK_FALSE(graphs::bitEqual(torch::tensor({0.0f}), torch::tensor({-0.0f})));
    c10::Dict<std::string, torch::Tensor> d1, d2;
    d1.insert("a", torch::tensor({1.0, 2.0}));
    d2.insert("a", torch::tensor({1.0, 2.5}));
    const auto cmp = graphs::compareBitwise(c10::ivalue::Tuple::create(d1), c10::ivalue::Tuple::create(d2));
    CHECK_FALSE(cmp.equal);
    CHECK(cmp.maxAbsDiff == Approx(0.5));
    CHECK_THAT(cmp.firstMismatch, Catch::Contains("'a'"));
    c10::Dict<std::string, torch::Tensor> d3;
    d3.insert("b", torch::tensor({1.0, 2.0}));
    CHECK_THAT(graphs::compareBitwise(d1, d3).firstMismatch, Catch::Contains("missing"));
    const auto cloned = graphs::cloneTensors(d1);
    CHECK(graphs::compareBitwise(cloned, d1).equal);
    CHECK(cloned.toGenericDict().at("a").toTensor().data_ptr() != d1.at("a").data_ptr());
}

TEST_CASE("max_graphs: one warning, new shapes run eagerly and are counted", "[graphs]") {
    Fixture f;
    auto opts = f.options(GraphMode::On);
    opts.maxGraphs = 2;
    graphs::GraphRunner runner(linearModule(), "linear", kWhole, opts);
    for (int batch = 1; batch <= 5; ++batch) CHECK(same(runner.run(input(batch)), runner.runEager(input(batch))));
    (void)runner.run(input(4));
    CHECK(runner.graphCount() == 2);
    CHECK(f.backend->captures == 2);
    CHECK(f.warnings.size() == 1);
    CHECK_THAT(f.warnings.at(0), Catch::Contains("linear") && Catch::Contains("max_graphs (2)"));
    const auto info = runner.info();
    CHECK(info.eagerFallbacks == 4);
    CHECK_THAT(info.eagerFallbackReason, Catch::Contains("max_graphs"));
    CHECK_THROWS_AS(runner.capture(8, 3, torch::kFloat), graphs::GraphCaptureError);
}

TEST_CASE("declarations are enforced: none refuses on/auto by name, seam refuses a whole runner", "[graphs]") {
    Fixture f;
    const GraphSupport none{GraphSupportKind::None, "NMS inside forward"};
    CHECK_THROWS_MATCHES(graphs::GraphRunner(linearModule(), "detr-ish", none, f.options(GraphMode::On)),
                         graphs::GraphDeclarationError,
                         Catch::Matchers::Predicate<graphs::GraphDeclarationError>([](const auto& e) {
                             const std::string m = e.what();
                             return m.find("detr-ish") != std::string::npos &&
                                    m.find("NMS inside forward") != std::string::npos;
                         }));
    CHECK_THROWS_AS(graphs::GraphRunner(linearModule(), "detr-ish", none, f.options(GraphMode::Auto)),
                    graphs::GraphDeclarationError);
    graphs::GraphRunner off(linearModule(), "detr-ish", none, f.options(GraphMode::Off));
    CHECK(same(off.run(input(2)), off.runEager(input(2))));
    CHECK(f.backend->attempts == 0);

    const GraphSupport seam{GraphSupportKind::Seam, "after the backbone"};
    CHECK_THROWS_WITH(graphs::GraphRunner(linearModule(), "seamy", seam, f.options(GraphMode::On)),
                      Catch::Contains("seamy") && Catch::Contains("SeamSplit"));
    auto module = linearModule();
    graphs::SeamSplit split{graphs::forwardOf(module),
                            [](const c10::IValue& out, const torch::Tensor&) { return out; }, "identity"};
    CHECK_NOTHROW(graphs::GraphRunner(module.ptr(), split, "seamy", seam, f.options(GraphMode::On)));
}

TEST_CASE("a failed capture reports family and reason, is not retried until release, eager keeps working",
          "[graphs]") {
    Fixture f;
    f.backend->failWhen = [](const torch::Tensor& x) { return x.size(0) == 3; };
    graphs::GraphRunner runner(linearModule(), "reads-back", kWhole, f.options(GraphMode::On));
    const auto x = input(3);
    CHECK_THROWS_MATCHES(runner.run(x), graphs::GraphCaptureError,
                         Catch::Matchers::Predicate<graphs::GraphCaptureError>([](const auto& e) {
                             const std::string m = e.what();
                             return m.find("reads-back") != std::string::npos &&
                                    m.find("[3, 4] Float cpu") != std::string::npos &&
                                    m.find("stream is capturing") != std::string::npos;
                         }));
    CHECK(f.backend->poolReleases == 1);  // no graph left using the pool: a fresh one next time
    for (int i = 0; i < 3; ++i) CHECK(same(runner.run(x), runner.runEager(x)));
    CHECK(f.backend->attempts == 1);  // not retried
    CHECK(same(runner.run(input(2)), runner.runEager(input(2))));  // other shapes still graphed
    CHECK(runner.graphCount() == 1);
    auto info = runner.info();
    REQUIRE(info.failedCaptures.size() == 1);
    CHECK(info.failedCaptures[0].shape == std::vector<std::int64_t>{3, 4});
    CHECK_THAT(info.failedCaptures[0].message, Catch::Contains("stream is capturing"));
    CHECK(info.eagerFallbacks == 3);
    CHECK_THAT(info.eagerFallbackReason, Catch::Contains("failed earlier"));
    CHECK_THAT(graphs::describe(info), Catch::Contains("capture failed for [3, 4]"));
    CHECK_THROWS_WITH(runner.captureFor(x), Catch::Contains("failed earlier"));

    runner.release();
    CHECK(runner.graphCount() == 0);
    CHECK(runner.info().failedCaptures.empty());
    CHECK_THROWS_AS(runner.run(x), graphs::GraphCaptureError);  // retried after release()
    CHECK(f.backend->attempts == 3);
}

TEST_CASE("with throwOnCaptureFailure off a failed capture warns and returns the eager result", "[graphs]") {
    Fixture f;
    f.backend->failWhen = [](const torch::Tensor&) { return true; };
    auto opts = f.options(GraphMode::On);
    opts.throwOnCaptureFailure = false;
    graphs::GraphRunner runner(linearModule(), "reads-back", kWhole, opts);
    CHECK(same(runner.run(input(2)), runner.runEager(input(2))));
    REQUIRE(f.warnings.size() == 1);
    CHECK_THAT(f.warnings[0], Catch::Contains("reads-back") && Catch::Contains("running eagerly"));
}

TEST_CASE("moving the module or giving its weights new storage invalidates the graphs", "[graphs]") {
    Fixture f;
    torch::manual_seed(3);
    torch::nn::Linear linear(4, 3);
    graphs::GraphRunner runner(torch::nn::AnyModule(linear), "linear", kWhole, f.options(GraphMode::On));
    const auto x = input(2);
    (void)runner.run(x);
    CHECK(f.backend->captures == 1);

    // In-place weight update (what loading a checkpoint into the module does): same storage, the
    // graph reads the new values; no invalidation.
    {
        torch::NoGradGuard noGrad;
        linear->weight.mul_(2);
    }
    CHECK(same(runner.run(x), runner.runEager(x)));
    CHECK(f.backend->captures == 1);
    CHECK(runner.info().invalidations == 0);

    // New storage (Module::to round trip): the graph's addresses are stale.
    linear->to(torch::kDouble);
    linear->to(torch::kFloat);
    CHECK(same(runner.run(x), runner.runEager(x)));
    CHECK(f.backend->captures == 2);
    auto info = runner.info();
    CHECK(info.invalidations == 1);
    CHECK_THAT(info.lastInvalidation, Catch::Contains("new storage"));
    REQUIRE(f.warnings.size() == 1);
    CHECK_THAT(f.warnings[0], Catch::Contains("linear") && Catch::Contains("weights moved"));

    // set_data with a fresh tensor (reloading weights into new storage).
    linear->bias.set_data(linear->bias.detach().clone());
    (void)runner.run(x);
    CHECK(runner.info().invalidations == 2);
    CHECK(f.backend->captures == 3);
    CHECK(runner.info().graphs.at(0).replays == 1);

}

TEST_CASE("a layer replaced by a new one is noticed on the very next call, not at the next capture", "[graphs]") {
    Fixture f;
    torch::manual_seed(3);
    HeadNet net;
    graphs::GraphRunner runner(torch::nn::AnyModule(net), "headnet", kWhole, f.options(GraphMode::On));
    const auto x = input(2);
    (void)runner.run(x);
    CHECK(f.backend->captures == 1);
    // A new head, as fine-tuning code swaps one in: its weights are new tensors, the old ones are gone.
    net->head = net->replace_module("head", torch::nn::Linear(4, 3));
    CHECK(same(runner.run(x), runner.runEager(x)));
    CHECK(runner.info().invalidations == 1);
    CHECK_THAT(runner.info().lastInvalidation, Catch::Contains("replaced by a new tensor"));
    CHECK(f.backend->captures == 2);
}

TEST_CASE("out of memory in a capture is told by its type and carried, never read back from text", "[graphs]") {
    Fixture f;
    torch::manual_seed(3);
    torch::nn::Linear linear(4, 3);
    f.backend->failWhen = [](const torch::Tensor& x) { return x.size(0) == 8; };
    f.backend->failOutOfMemory = true;
    graphs::GraphRunner runner(torch::nn::AnyModule(linear), "linear", kWhole, f.options(GraphMode::On));
    try {
        (void)runner.run(input(8));
        FAIL("the capture must fail");
    } catch (const graphs::GraphCaptureError& error) {
        CHECK(error.outOfMemory());
        CHECK(graphs::isOutOfMemory(error));
    }
    // A wrapped failure that is not out of memory stays so, whatever its text says.
    CHECK_FALSE(graphs::isOutOfMemory(graphs::GraphCaptureError("linear: graph capture of [2, 4] failed: "
                                                                 "stream is capturing (out of memory is not the cause)")));
    // The parity check keeps the answer for the sweep, which marks the graphed row `oom`.
    graphs::GraphRunner probe(torch::nn::AnyModule(linear), "linear", kWhole, f.options(GraphMode::On));
    const auto report = graphs::checkInferenceParity(probe, input(8, 1), input(8, 2), 1);
    CHECK(report.result == graphs::ParityResult::CaptureError);
    CHECK(report.outOfMemory);
    f.backend->failOutOfMemory = false;
    graphs::GraphRunner other(torch::nn::AnyModule(linear), "linear", kWhole, f.options(GraphMode::On));
    const auto plain = graphs::checkInferenceParity(other, input(8, 1), input(8, 2), 1);
    CHECK(plain.result == graphs::ParityResult::CaptureError);
    CHECK_FALSE(plain.outOfMemory);
}

TEST_CASE("a seam graphs the network and runs a data-dependent rest eagerly, equal to eager", "[graphs]") {
    Fixture f;
    torch::manual_seed(5);
    torch::nn::Linear scorer(4, 6);  // 6 "queries" per image, each with a score
    graphs::SeamSplit seam;
    seam.point = "after the scorer, before query selection";
    seam.captured = [scorer](const torch::Tensor& x) mutable { return c10::IValue(scorer(x)); };
    seam.rest = [](const c10::IValue& out, const torch::Tensor& batch) {
        const auto scores = out.toTensor();
        const auto keep = scores > 0.2;                  // data-dependent count
        const auto picked = scores.masked_select(keep);  // shape depends on values
        return c10::IValue(c10::ivalue::Tuple::create(picked, keep.sum(), batch.sum()));
    };
    graphs::GraphRunner runner(scorer.ptr(), seam, "seam-test", {GraphSupportKind::Seam, seam.point},
                               f.options(GraphMode::On));
    std::set<std::int64_t> counts;
    for (std::uint64_t s = 0; s < 6; ++s) {
        const auto x = input(2, s);
        const auto graphed = runner.run(x);
        CHECK(same(graphed, runner.runEager(x)));
        counts.insert(graphed.toTupleRef().elements()[1].toTensor().item<std::int64_t>());
    }
    CHECK(counts.size() > 1);  // the rest really saw different sizes
    CHECK(f.backend->captures == 1);
    CHECK(runner.info().seamPoint == seam.point);
}

TEST_CASE("capture(imgsz, batch, dtype) captures ahead on the module's device", "[graphs]") {
    Fixture f;
    torch::manual_seed(2);
    torch::nn::Conv2d conv(torch::nn::Conv2dOptions(3, 4, 3).padding(1));
    graphs::GraphRunner runner(torch::nn::AnyModule(conv), "conv", kWhole, f.options(GraphMode::Auto));
    const auto entry = runner.capture(8, 2, torch::kFloat);
    CHECK(entry.shape == std::vector<std::int64_t>{2, 3, 8, 8});
    CHECK(entry.device == "cpu");
    CHECK(entry.replays == 0);
    const auto x = torch::randn({2, 3, 8, 8});
    CHECK(same(runner.run(x), runner.runEager(x)));  // auto: a captured shape replays at once
    CHECK(f.backend->captures == 1);
    CHECK(runner.capture(8, 2, torch::kFloat).replays == 1);  // existing graph, not recaptured

    graphs::GraphRunner off(torch::nn::AnyModule(conv), "conv", kWhole, f.options(GraphMode::Off));
    CHECK_THROWS_AS(off.capture(8, 2, torch::kFloat), std::logic_error);
}

TEST_CASE("the CUDA backend runs CPU inputs eagerly and says why", "[graphs]") {
    graphs::GraphRunnerOptions opts;
    opts.mode = GraphMode::On;
    std::vector<std::string> warnings;
    opts.warn = [&](const std::string& w) { warnings.push_back(w); };
    graphs::GraphRunner runner(linearModule(), "linear", kWhole, opts);
    const auto x = input(2);
    CHECK(same(runner.run(x), runner.runEager(x)));
    const auto info = runner.info();
    CHECK(info.graphs.empty());
    CHECK(info.eagerFallbacks == 1);
    CHECK_THAT(info.eagerFallbackReason, Catch::Contains("cpu"));
    CHECK_THROWS_AS(runner.captureFor(x), graphs::GraphCaptureError);
}

TEST_CASE("forwardOf names an output type it cannot handle", "[graphs]") {
    struct OddImpl : torch::nn::Module {
        std::pair<int, int> forward(const torch::Tensor&) { return {1, 2}; }
    };
    TORCH_MODULE(Odd);
    auto body = graphs::forwardOf(torch::nn::AnyModule(Odd{}));
    CHECK_THROWS_WITH(body(torch::zeros({1})), Catch::Contains("cannot handle") && Catch::Contains("pair"));
}

TEST_CASE("parity check: bit-exact with both guards, and it catches stale buffers and mismatches", "[graphs]") {
    const auto a = input(2, 1), b = input(2, 2) * 3 + 1;
    {
        Fixture f;
        graphs::GraphRunner runner(linearModule(), "linear", kWhole, f.options(GraphMode::On));
        const auto report = graphs::checkInferenceParity(runner, a, b);
        CHECK(report.result == graphs::ParityResult::BitExact);
        CHECK(report.probesDiffer);
        CHECK(report.staleGuard);
        CHECK(report.replays == 3);
        CHECK(report.passed());
    }
    {
        Fixture f;
        f.backend->staleAfterFirstReplay = true;
        graphs::GraphRunner runner(linearModule(), "linear", kWhole, f.options(GraphMode::On));
        const auto report = graphs::checkInferenceParity(runner, a, b);
        CHECK_FALSE(report.staleGuard);
        CHECK(report.result == graphs::ParityResult::Mismatch);
        CHECK_FALSE(report.passed());
    }
    {
        Fixture f;
        f.backend->afterReplay = [](const c10::IValue& out) {
            const_cast<torch::Tensor&>(out.toTensor()).add_(0.25);
        };
        graphs::GraphRunner runner(linearModule(), "linear", kWhole, f.options(GraphMode::On));
        const auto report = graphs::checkInferenceParity(runner, a, b);
        CHECK(report.result == graphs::ParityResult::Mismatch);
        CHECK(report.maxAbsDiff == Approx(0.25));
        CHECK_THAT(report.message, Catch::Contains("values differ"));
    }
    {
        Fixture f;
        graphs::GraphRunner runner(linearModule(), "linear", kWhole, f.options(GraphMode::On));
        const auto report = graphs::checkInferenceParity(runner, a, a.clone());
        CHECK_FALSE(report.probesDiffer);
        CHECK_FALSE(report.passed());
    }
    {
        Fixture f;
        f.backend->failWhen = [](const torch::Tensor&) { return true; };
        graphs::GraphRunner runner(linearModule(), "linear", kWhole, f.options(GraphMode::On));
        const auto report = graphs::checkInferenceParity(runner, a, b);
        CHECK(report.result == graphs::ParityResult::CaptureError);
        CHECK_THAT(report.message, Catch::Contains("linear") && Catch::Contains("stream is capturing"));
    }
}

TEST_CASE("verify matrix rows, table and JSON", "[graphs][verify]") {
    families::Family none;
    none.name = "nms-inside";
    none.task = "detect";
    none.inference = {GraphSupportKind::None, "NMS in forward"};
    const auto notDeclared = bench::verifyFamily(none);
    CHECK(notDeclared.result == bench::VerifyResult::NotDeclared);
    CHECK(notDeclared.message == "NMS in forward");
    CHECK_FALSE(notDeclared.failed());

    families::Family tiny;
    tiny.name = "tiny-conv";
    tiny.task = "classify";
    tiny.defaultImgsz = 16;
    tiny.inference = {GraphSupportKind::Whole, ""};
    tiny.build = [](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 2, 3)));
    };
    bench::VerifyOptions options;
    options.device = torch::Device(torch::kCPU);
    options.backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto exact = bench::verifyFamily(tiny, options);
    CHECK(exact.result == bench::VerifyResult::BitExact);
    CHECK(exact.probesDiffer);
    CHECK(exact.staleGuard);
    CHECK(exact.imgsz == 16);
    CHECK(exact.dtype == "Float");
    CHECK_FALSE(exact.failed());

    bench::VerifyOptions cudaOnCpu;  // the real backend with a CPU input: a capture error, reported
    cudaOnCpu.device = torch::Device(torch::kCPU);
    const auto refused = bench::verifyFamily(tiny, cudaOnCpu);
    CHECK(refused.result == bench::VerifyResult::CaptureError);
    CHECK_THAT(refused.message, Catch::Contains("tiny-conv") && Catch::Contains("CUDA"));
    CHECK(refused.failed());

    families::Family seam = tiny;
    seam.name = "seam-no-split";
    seam.inference = {GraphSupportKind::Seam, "before the decoder"};
    const auto noSplit = bench::verifyFamily(seam, options);
    CHECK(noSplit.result == bench::VerifyResult::CaptureError);
    CHECK_THAT(noSplit.message, Catch::Contains("no SeamSplit"));

    const std::vector<bench::VerifyRow> rows{exact, notDeclared, refused};
    const auto table = bench::verifyTable(rows);
    CHECK_THAT(table, Catch::Contains("tiny-conv") && Catch::Contains("bit-exact") &&
                          Catch::Contains("not declared") && Catch::Contains("capture error"));
    const auto json = bench::verifyJson(rows);
    REQUIRE(json.size() == 3);
    CHECK(json[0]["result"] == "bit-exact");
    CHECK(json[0]["probes_differ"] == true);
    CHECK(json[1]["declaration"] == "none");
    CHECK(json[2]["failed"] == true);
    CHECK(bench::verifyExitCode({exact, notDeclared}) == 0);
    CHECK(bench::verifyExitCode(rows) == 1);
}
