// AOTInductor packages compiled for CUDA (tests/fixtures/export_aoti_package.py OUT cuda, run on the GPU
// machine by the fixture): graph support decided on load by the parity check like any model file (graphed
// == eager bit for bit, the probes differ, the stale-output guard), the package's output equal to its own
// run from Python, and a sweep whose graphed rows are captured through the one runner; a package compiled
// for one batch in channels_last runs at that batch only, fed NHWC.
#include "UserModelFixtures.h"
#include "bench/SweepSession.h"
#include "bench/UsageError.h"
#include "bench/UserModelLoader.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <filesystem>

using namespace graphlens;
using families::GraphSupportKind;
using testing::UserModelFixtures;

namespace {

bench::LoadedUserModel loadPackage(const std::string& file) {
    bench::UserModelRequest request;
    request.path = UserModelFixtures::aotiCuda().path(file);
    request.dtype = torch::kFloat;  // the fixtures are compiled for float32
    return bench::loadUserModel(request);
}

torch::Tensor tensorOf(const nlohmann::json& values, const nlohmann::json& shape) {
    return torch::tensor(values.get<std::vector<float>>()).reshape(shape.get<std::vector<std::int64_t>>());
}

struct PackageRows : bench::SweepEvents {
    void progress(int, int, const std::string&, double) override {}
    void log(const std::string&) override {}
    void warning(const std::string&) override {}
    void measurement(const results::Measurement& row) override { rows.push_back(row); }
    std::vector<results::Measurement> rows;
};

std::vector<results::Measurement> sweepPackage(const std::string& file, const std::vector<int>& batches,
                                               const std::string& memoryFormat, int& exitCode) {
    results::SweepPlan plan;
    plan.family.clear();
    plan.model = UserModelFixtures::aotiCuda().path(file);
    plan.batches = batches;
    plan.precision = "fp32";
    plan.memoryFormats = {memoryFormat};
    plan.steps = 6;
    plan.warmup = 2;
    plan.profile = false;
    plan.autosave = (std::filesystem::temp_directory_path() / ("graphlens-aoti-" + file + ".jsonl")).string();
    PackageRows events;
    exitCode = bench::runSweepSession(plan, events).exitCode;
    std::filesystem::remove(plan.autosave);
    return events.rows;
}

}  // namespace

TEST_CASE("a CUDA AOTInductor package gets `whole` support from the parity check on load", "[cuda][aoti]") {
    for (const std::string file : {"classifier_aoti.pt2", "classifier_cl_b4.pt2"}) {
        INFO(file);
        const auto loaded = loadPackage(file);
        CHECK(loaded.family.jit == "aoti");
        CHECK(loaded.family.inference.kind == GraphSupportKind::Whole);
        CHECK_THAT(loaded.family.inference.reason, Catch::Contains("decided on load: graphed == eager bit for bit"));
        REQUIRE(loaded.parity.has_value());
        CHECK(loaded.parity->result == bench::VerifyResult::BitExact);
        CHECK(loaded.parity->probesDiffer);
        CHECK(loaded.parity->staleGuard);
    }
}

TEST_CASE("a CUDA AOTInductor package computes what its Python module computes", "[cuda][aoti]") {
    const auto& expected = UserModelFixtures::aotiCuda().manifest();
    REQUIRE(expected["device"] == "cuda");
    const auto images = tensorOf(expected["input"], expected["input_shape"]).cuda();
    const auto module = tensorOf(expected["module_output"], expected["output_shape"]);
    torch::NoGradGuard noGrad;
    auto dynamic = loadPackage("classifier_aoti.pt2").family.build(0);
    CHECK(torch::allclose(dynamic.forward<c10::IValue>(images).toTensor().cpu(), module, 1e-3, 1e-4));
    auto nhwc = loadPackage("classifier_cl_b4.pt2").family.build(0);
    CHECK(torch::allclose(nhwc.forward<c10::IValue>(images).toTensor().cpu(), module, 1e-3, 1e-4));
    CHECK_THROWS_WITH(nhwc.forward<c10::IValue>(torch::rand({8, 3, 32, 32}, torch::kCUDA)),
                      Catch::Contains("batch 8, but it was compiled for batch 4 only"));
}

TEST_CASE("a CUDA AOTInductor package computes what it computes from Python", "[cuda][aoti]") {
    const auto& expected = UserModelFixtures::aotiCuda().manifest();
    REQUIRE(expected["device"] == "cuda");
    if (expected.contains("package_output_unavailable")) {
        GRAPHLENS_SKIP("no Python run of the packages to compare with: " << expected["package_output_unavailable"].get<std::string>());
    }
    const auto images = tensorOf(expected["input"], expected["input_shape"]).cuda();
    torch::NoGradGuard noGrad;
    auto dynamic = loadPackage("classifier_aoti.pt2").family.build(0);
    const auto output = dynamic.forward<c10::IValue>(images).toTensor().cpu();
    // The same compiled kernels on the same GPU and input: equal, not merely close.
    CHECK(torch::equal(output, tensorOf(expected["package_output"], expected["output_shape"])));
    auto nhwc = loadPackage("classifier_cl_b4.pt2").family.build(0);
    const auto fromNchw = nhwc.forward<c10::IValue>(images).toTensor().cpu();
    CHECK(torch::equal(fromNchw, tensorOf(expected["nhwc_package_output"], expected["output_shape"])));
}

TEST_CASE("sweeping a CUDA AOTInductor package captures it through the runner", "[cuda][aoti]") {
    int exitCode = -1;
    const auto rows = sweepPackage("classifier_aoti.pt2", {2, 8}, "nchw", exitCode);
    CHECK(exitCode == 0);
    REQUIRE(rows.size() == 4);
    for (const auto& row : rows) {
        INFO(row.arm << " batch " << row.batch << ": " << row.message);
        CHECK(row.jit == "aoti");
        CHECK(row.status == "ok");
        if (row.arm == "graphed") {
            CHECK(row.parity == "bit-exact");
            CHECK(row.speedup.has_value());
        }
    }

    const auto nhwc = sweepPackage("classifier_cl_b4.pt2", {4}, "channels_last", exitCode);
    CHECK(exitCode == 0);
    REQUIRE(nhwc.size() == 2);
    for (const auto& row : nhwc) {
        INFO(row.arm << ": " << row.message);
        CHECK(row.status == "ok");
        CHECK(row.memory_format == "channels_last");
    }
}
