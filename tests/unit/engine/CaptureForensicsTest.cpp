// Capture forensics without a GPU: the chain search on fake trials, the diagnosis's sentences and
// advice, and `verify --find-seam` through a fake capture backend on a chain whose third link refuses
// to be captured (as a synchronising operator would).
#include "FakeCaptureBackend.h"
#include "bench/SweepRefusalDiagnosis.h"
#include "bench/VerifyRunner.h"
#include "families/ChainSeamSearch.h"
#include "graphs/CaptureDiagnosis.h"
#include "graphs/OperatorInProgress.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <set>

using namespace graphlens;

namespace {

families::TrySegment brokenAt(std::set<std::size_t> broken, int* calls = nullptr) {
    return [broken, calls](std::size_t begin, std::size_t end) {
        if (calls) ++*calls;
        for (auto link : broken) {
            if (link >= begin && link < end) return families::SegmentTrial{false, "link " + std::to_string(link)};
        }
        return families::SegmentTrial{true, ""};
    };
}

}  // namespace

TEST_CASE("the chain search keeps the longest capturable prefix, found by bisection", "[forensics]") {
    int calls = 0;
    const auto result = families::searchChainSeam(16, brokenAt({11}, &calls));
    CHECK_FALSE(result.wholeChain);
    REQUIRE(result.begin);
    CHECK(*result.begin == 0);
    CHECK(*result.end == 11);
    CHECK(result.firstBrokenLink == std::size_t{11});
    CHECK(result.brokenWhy == "link 11");
    CHECK(calls <= 6);  // the whole chain, then bisection over 16 links, and no tail worth more
    CHECK(result.trials.size() == static_cast<std::size_t>(calls));
}

TEST_CASE("the chain search takes the segment after a broken first link, and stops at the next broken one",
          "[forensics]") {
    const auto tail = families::searchChainSeam(5, brokenAt({0}));
    REQUIRE(tail.begin);
    CHECK(*tail.begin == 1);
    CHECK(*tail.end == 5);
    const auto middle = families::searchChainSeam(8, brokenAt({0, 6}));
    REQUIRE(middle.begin);
    CHECK(*middle.begin == 1);
    CHECK(*middle.end == 6);
    const auto whole = families::searchChainSeam(4, brokenAt({}));
    CHECK(whole.wholeChain);
    CHECK(*whole.end == 4);
    const auto none = families::searchChainSeam(1, brokenAt({0}));
    CHECK_FALSE(none.begin);
}

TEST_CASE("the chain search weighs links by their eager time when choosing between prefix and tail", "[forensics]") {
    // Broken link 2: prefix [0, 2) or tail [3, 5). Heavy prefix wins; heavy tail wins.
    const auto prefix = families::searchChainSeam(5, brokenAt({2}), {5, 5, 1, 1, 1});
    CHECK(*prefix.begin == 0);
    CHECK(*prefix.end == 2);
    const auto tail = families::searchChainSeam(5, brokenAt({2}), {1, 1, 1, 5, 5});
    CHECK(*tail.begin == 3);
    CHECK(*tail.end == 5);
}

TEST_CASE("a capture diagnosis says where it failed, with which call, and what to do", "[forensics]") {
    graphs::CaptureDiagnosis d;
    d.kind = graphs::RefusalKind::CaptureFailed;
    d.call = "cudaStreamSynchronize";
    d.errorName = "cudaErrorStreamCaptureUnsupported";
    d.errorText = "operation not permitted when stream is capturing";
    d.threadNote = "on the capturing thread";
    d.operators = "aten::index > aten::nonzero";
    d.module = "head.nms";
    graphs::adviseOn(d);
    CHECK(d.summary() == "capture failed at aten::index in head.nms (cudaStreamSynchronize refused during capture)");
    CHECK(d.innermostOperator() == "aten::nonzero");
    CHECK(d.callText() == "cudaStreamSynchronize returned cudaErrorStreamCaptureUnsupported (operation not permitted "
                          "when stream is capturing) on the capturing thread");
    CHECK(d.advice.find("output size depends on the data") != std::string::npos);
    CHECK(d.advice.find("split before head.nms") != std::string::npos);

    d.operators = "aten::item > aten::_local_scalar_dense";
    graphs::adviseOn(d);
    CHECK(d.advice.find(".item()") != std::string::npos);

    d.operators.clear();
    d.module = "waits";
    graphs::adviseOn(d);
    CHECK(d.advice.find("torch.cuda.synchronize") != std::string::npos);

    d.call = "cudaHostAlloc";
    d.onCapturingThread = false;
    d.threadNote = "on thread 4242, not the capturing one";
    graphs::adviseOn(d);
    CHECK(d.summary().find("not the capturing one") != std::string::npos);
    CHECK(d.advice.find("another thread") != std::string::npos);
}

TEST_CASE("replays that draw new numbers, and models that keep state, are told apart from a mismatch", "[forensics]") {
    graphs::CaptureDiagnosis d;
    d.kind = graphs::RefusalKind::RandomDraws;
    d.module = "drop";
    graphs::adviseOn(d);
    CHECK(std::string(graphs::toString(d.kind)) == "random-draws");
    CHECK(d.summary().find("not a mismatch") != std::string::npos);
    d.kind = graphs::RefusalKind::StateAcrossCalls;
    d.module = "counter";
    graphs::adviseOn(d);
    CHECK(d.summary() == "the model keeps state across calls in counter: a replay repeats the captured call");
    CHECK(d.advice.find("in counter") != std::string::npos);
    d.kind = graphs::RefusalKind::Mismatch;
    d.maxAbsDiff = 3;
    CHECK(d.summary() == "the replay differs from eager first at counter (max abs diff 3)");
}

TEST_CASE("a TorchScript module hierarchy becomes a module path, and a context survives its encoding", "[forensics]") {
    const auto context = graphs::moduleFromHierarchy(
        {"TOP(DetectionModel)::forward", "model(Sequential)::forward", "22(Detect)::forward", "cv2(ModuleList)::forward"});
    CHECK(context.module == "model.22.cv2");
    CHECK(context.moduleType == "ModuleList");
    CHECK(graphs::moduleFromHierarchy({"TOP(Net)::forward"}).module.empty());
    const auto back = graphs::decodeContext(graphs::encodeContext({"aten::item > aten::_local_scalar_dense", "head", "Head"}));
    CHECK(back.operators == "aten::item > aten::_local_scalar_dense");
    CHECK(back.module == "head");
    CHECK(back.moduleType == "Head");
}

namespace {

// Refuses capture, as an operator that synchronises with the host would.
struct RefusesCaptureImpl : torch::nn::Module {
    torch::Tensor forward(const torch::Tensor& x) {
        if (testing::FakeCaptureBackend::capturingNow()) {
            throw std::runtime_error("CUDA error: operation not permitted when stream is capturing");
        }
        return x * 2;
    }
};
TORCH_MODULE(RefusesCapture);

struct ChainNetImpl : torch::nn::Module {
    ChainNetImpl() {
        a = register_module("a", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        b = register_module("b", torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 4, 3).padding(1)));
        sync = register_module("sync", RefusesCapture());
        c = register_module("c", torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 4, 1)));
    }
    torch::Tensor forward(const torch::Tensor& x) { return c(sync(b(a(x)))); }
    torch::nn::Conv2d a{nullptr}, b{nullptr}, c{nullptr};
    RefusesCapture sync{nullptr};
};
TORCH_MODULE(ChainNet);

families::Family chainFamily() {
    families::Family family;
    family.name = "chain-net";
    family.task = "other";
    family.defaultImgsz = 16;
    family.inference = {families::GraphSupportKind::Whole, ""};
    family.build = [](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(ChainNet());
    };
    family.moduleChain = [](torch::nn::AnyModule& network) {
        auto net = std::dynamic_pointer_cast<ChainNetImpl>(network.ptr());
        families::ModuleChain chain;
        chain.links = {{"a", [net](const c10::IValue& x) { return c10::IValue(net->a(x.toTensor())); }},
                       {"b", [net](const c10::IValue& x) { return c10::IValue(net->b(x.toTensor())); }},
                       {"sync", [net](const c10::IValue& x) { return c10::IValue(net->sync(x.toTensor())); }},
                       {"c", [net](const c10::IValue& x) { return c10::IValue(net->c(x.toTensor())); }}};
        return std::optional<families::ModuleChain>(chain);
    };
    return family;
}

}  // namespace

TEST_CASE("verify --find-seam splits a chain before the link that refuses capture, joined bit-exact", "[forensics]") {
    bench::VerifyOptions options;
    options.device = torch::Device(torch::kCPU);
    options.backend = std::make_shared<testing::FakeCaptureBackend>();
    options.findSeam = true;
    options.measureSeam = true;
    const auto row = bench::verifyFamily(chainFamily(), options);
    INFO(bench::verifyTable({row}));
    CHECK(row.result == bench::VerifyResult::CaptureError);
    CHECK(row.diagnosis.kind == graphs::RefusalKind::CaptureFailed);
    CHECK(row.diagnosis.module == "sync");  // no interpreter here: the chain bisection names it
    CHECK(row.diagnosis.exception.find("not permitted when stream is capturing") != std::string::npos);
    REQUIRE(row.seam);
    CHECK(row.seam->status == "found");
    CHECK(*row.seam->begin == 0);
    CHECK(*row.seam->end == 2);
    CHECK(row.seam->point == "after b, before sync");
    CHECK(row.seam->firstBrokenLink == "sync");
    CHECK(row.seam->joinedBitExact);
    REQUIRE(row.seam->capturedShare);
    CHECK(*row.seam->capturedShare > 0.0);
    CHECK(*row.seam->capturedShare < 1.0);
    CHECK(row.seam->speedup);
    const auto table = bench::verifyTable({row});
    CHECK(table.find("why: capture failed in sync") != std::string::npos);
    CHECK(table.find("seam search: capture after b, before sync") != std::string::npos);
    const auto json = bench::verifyJson({row});
    CHECK(json[0]["diagnosis"]["kind"] == "capture-failed");
    CHECK(json[0]["seam"]["captured_links"] == nlohmann::json::array({"a", "b"}));
    CHECK(bench::diagnosisFromJson(json[0]["diagnosis"]).module == "sync");
}

TEST_CASE("verify --find-seam says when a network is not a chain", "[forensics]") {
    auto family = chainFamily();
    family.moduleChain = [](torch::nn::AnyModule& network) {  // skips a link: not the forward
        auto net = std::dynamic_pointer_cast<ChainNetImpl>(network.ptr());
        families::ModuleChain chain;
        chain.links = {{"a", [net](const c10::IValue& x) { return c10::IValue(net->a(x.toTensor())); }},
                       {"c", [net](const c10::IValue& x) { return c10::IValue(net->c(net->b(x.toTensor()))); }}};
        return std::optional<families::ModuleChain>(chain);
    };
    bench::VerifyOptions options;
    options.device = torch::Device(torch::kCPU);
    options.backend = std::make_shared<testing::FakeCaptureBackend>();
    options.findSeam = true;
    options.measureSeam = false;
    const auto row = bench::verifyFamily(family, options);
    REQUIRE(row.seam);
    CHECK(row.seam->status == "not-a-chain");
    CHECK(row.seam->why.find("not a plain chain") != std::string::npos);
}

TEST_CASE("a sweep row refused on load takes the diagnosis: its columns, and a message led by the summary",
          "[forensics]") {
    graphs::CaptureDiagnosis d;
    d.kind = graphs::RefusalKind::CaptureFailed;
    d.call = "cudaStreamSynchronize";
    d.errorName = "cudaErrorStreamCaptureUnsupported";
    d.threadNote = "on the capturing thread";
    d.operators = "aten::index > aten::nonzero";
    d.module = "model.head.nms";
    graphs::adviseOn(d);
    results::Measurement row;
    row.status = "refused";
    row.message = "graph mode 'on' refused for det: the parity check on load failed (capture error): ...";
    bench::applyDiagnosis(d, row);
    CHECK(row.message.rfind("refused: capture failed at aten::index in model.head.nms (cudaStreamSynchronize refused "
                            "during capture); graph mode 'on' refused", 0) == 0);
    CHECK(row.refusal_kind == "capture-failed");
    CHECK(row.refusal_module == "model.head.nms");
    CHECK(row.refusal_op == "aten::index > aten::nonzero");
    CHECK(row.refusal_call == "cudaStreamSynchronize returned cudaErrorStreamCaptureUnsupported on the capturing thread");
    CHECK(row.refusal_advice == d.advice);
    results::Measurement untouched = row;
    bench::applyDiagnosis(graphs::CaptureDiagnosis{}, untouched);
    CHECK(untouched == row);
}

namespace {

// Replays something else than eager (as a branch on a value frozen at capture would), inside a link.
struct FrozenOnReplayImpl : torch::nn::Module {
    torch::Tensor forward(const torch::Tensor& x) {
        return testing::FakeCapturedGraph::replayingNow() ? x * 3 + 0.5 : x * 3;
    }
};
TORCH_MODULE(FrozenOnReplay);

// body is itself a chain: conv, frozen, out.
struct NestedBodyImpl : torch::nn::Module {
    NestedBodyImpl() {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 4, 3).padding(1)));
        frozen = register_module("frozen", FrozenOnReplay());
        out = register_module("out", torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 4, 1)));
    }
    torch::Tensor forward(const torch::Tensor& x) { return out(frozen(conv(x))); }
    torch::nn::Conv2d conv{nullptr}, out{nullptr};
    FrozenOnReplay frozen{nullptr};
};
TORCH_MODULE(NestedBody);

struct NestedNetImpl : torch::nn::Module {
    NestedNetImpl() {
        stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        body = register_module("body", NestedBody());
        head = register_module("head", torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 2, 1)));
    }
    torch::Tensor forward(const torch::Tensor& x) { return head(body(stem(x))); }
    torch::nn::Conv2d stem{nullptr}, head{nullptr};
    NestedBody body{nullptr};
};
TORCH_MODULE(NestedNet);

families::ChainLink tensorLink(const std::string& name, std::function<torch::Tensor(const torch::Tensor&)> run) {
    return {name, [run](const c10::IValue& x) { return c10::IValue(run(x.toTensor())); }, {}};
}

families::Family nestedFamily(bool bodyHasChildren) {
    families::Family family;
    family.name = "nested-net";
    family.task = "other";
    family.defaultImgsz = 16;
    family.inference = {families::GraphSupportKind::Whole, ""};
    family.build = [](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(NestedNet());
    };
    family.moduleChain = [bodyHasChildren](torch::nn::AnyModule& network) {
        auto net = std::dynamic_pointer_cast<NestedNetImpl>(network.ptr());
        auto body = tensorLink("body", [net](const torch::Tensor& x) { return net->body(x); });
        if (bodyHasChildren) {
            body.children = [net] {
                families::ModuleChain inner;
                inner.links = {tensorLink("conv", [net](const torch::Tensor& x) { return net->body->conv(x); }),
                               tensorLink("frozen", [net](const torch::Tensor& x) { return net->body->frozen(x); }),
                               tensorLink("out", [net](const torch::Tensor& x) { return net->body->out(x); })};
                return std::optional<families::ModuleChain>(inner);
            };
        }
        families::ModuleChain chain;
        chain.links = {tensorLink("stem", [net](const torch::Tensor& x) { return net->stem(x); }), body,
                       tensorLink("head", [net](const torch::Tensor& x) { return net->head(x); })};
        return std::optional<families::ModuleChain>(chain);
    };
    return family;
}

}  // namespace

TEST_CASE("a replay mismatch is traced below the top-level link to the module that differs", "[forensics]") {
    bench::VerifyOptions options;
    options.device = torch::Device(torch::kCPU);
    options.backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto row = bench::verifyFamily(nestedFamily(true), options);
    INFO(bench::verifyTable({row}));
    CHECK(row.result == bench::VerifyResult::Mismatch);
    CHECK(row.diagnosis.kind == graphs::RefusalKind::Mismatch);
    CHECK(row.diagnosis.module == "body.frozen");
    // The difference where it starts: frozen adds 0.5 to every element on replay.
    CHECK(row.diagnosis.maxAbsDiff == Approx(0.5).epsilon(1e-4));
    CHECK(row.diagnosis.summary().find("body.frozen") != std::string::npos);

    // Without children to descend into, the top-level link is as deep as it can say.
    const auto shallow = bench::verifyFamily(nestedFamily(false), options);
    CHECK(shallow.diagnosis.module == "body");
}

