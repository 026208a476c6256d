// AOTInductor packages as families on the CPU, over the fixtures of tests/fixtures/export_aoti_package.py
// (a CTest fixture compiles them once into the build tree and passes the folder in GRAPHLENS_AOTI_DIR):
// the package loads, runs, and its outputs equal the Python module's and the package's own run from
// Python; its input spec is read from the compiled checks and every batch is checked against it.
#include "bench/UserModelLoader.h"
#include "bench/UsageError.h"
#include "families/AotiFamily.h"
#include "families/AotiPackage.h"
#include "families/ModelFileError.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <cstdlib>
#include <fstream>

using namespace graphlens;

namespace {

std::string fixture(const std::string& file) {
    const char* folder = std::getenv("GRAPHLENS_AOTI_DIR");
    // make test compiles the fixtures: their absence is a failure, not a skip.
    REQUIRE(folder != nullptr);
    return std::string(folder) + "/" + file;
}

nlohmann::json reference() {
    std::ifstream in(fixture("reference.json"));
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

torch::Tensor tensorOf(const nlohmann::json& values, const nlohmann::json& shape) {
    const auto data = values.get<std::vector<float>>();
    return torch::tensor(data).reshape(shape.get<std::vector<std::int64_t>>());
}

}  // namespace

TEST_CASE("an AOTInductor package is recognised by its layout and its input spec read from the compiled checks",
          "[aoti]") {
    CHECK(families::isAotiPackage(fixture("classifier_aoti.pt2")));
    CHECK_FALSE(families::isAotiPackage(fixture("plain_export.pt2")));
    const auto info = families::inspectAotiPackage(fixture("classifier_aoti.pt2"));
    CHECK(info.device == "cpu");
    REQUIRE(info.input);
    // Exported with Dim("batch", min=2, max=16); torch 2.11's compiled check stops at 15, and the
    // package's own checks are what it takes.
    CHECK(families::describe(*info.input) == "[2..15, 3, 32, 32] float32");
    CHECK(families::inputMismatch(*info.input, {4, 3, 32, 32}, "float32").empty());
    CHECK(families::inputMismatch(*info.input, {1, 3, 32, 32}, "float32") ==
          "batch 1 is below the smallest it was compiled for (2)");
    CHECK(families::inputMismatch(*info.input, {4, 3, 64, 64}, "float32") ==
          "height 64, but it was compiled for height 32");
    CHECK(families::inputMismatch(*info.input, {4, 3, 32, 32}, "float16") ==
          "it was compiled for float32 input, and this run feeds float16");
}

TEST_CASE("an AOTInductor package runs on the CPU with the outputs of the Python module and of its Python run",
          "[aoti]") {
    const auto expected = reference();
    bench::UserModelRequest request;
    request.path = fixture("classifier_aoti.pt2");
    const auto loaded = bench::loadUserModel(request);
    const auto& family = loaded.family;
    CHECK(family.name == "classifier_aoti");
    CHECK(family.task == "classify");
    CHECK(family.numClasses == 5);
    CHECK(family.defaultImgsz == 32);
    CHECK(family.jit == "aoti");
    CHECK(family.inference.kind == families::GraphSupportKind::None);
    CHECK_THAT(family.inference.reason, Catch::Contains("needs a CUDA device"));
    CHECK_THAT(family.training.reason, Catch::Contains("compiled for inference"));
    auto network = family.build(0);
    // Its compiled constants: BatchNorm folded into the convolution, so fewer than the module's parameters.
    const auto params = families::parameterCount(*network.ptr());
    CHECK(params > 0);
    CHECK(params <= expected["params"].get<std::int64_t>());

    torch::NoGradGuard noGrad;
    const auto images = tensorOf(expected["input"], expected["input_shape"]);
    const auto output = network.forward<c10::IValue>(images).toTensor();
    const auto fromPackage = tensorOf(expected["package_output"], expected["output_shape"]);
    const auto fromModule = tensorOf(expected["module_output"], expected["output_shape"]);
    CHECK(torch::allclose(output, fromPackage, 1e-5, 1e-6));
    CHECK(torch::allclose(output, fromModule, 1e-4, 1e-5));
    CHECK_FALSE(torch::equal(output[0], output[1]));  // the batch's images give different outputs
}

TEST_CASE("an AOTInductor package refuses a batch it was not compiled for, and a CUDA package on a CPU machine",
          "[aoti]") {
    bench::UserModelRequest request;
    request.path = fixture("classifier_aoti.pt2");
    auto network = bench::loadUserModel(request).family.build(0);
    torch::NoGradGuard noGrad;
    CHECK_THROWS_WITH(network.forward<c10::IValue>(torch::rand({1, 3, 32, 32})),
                      Catch::Contains("classifier_aoti.pt2: batch 1 is below the smallest it was compiled for (2) "
                                      "(it takes [2..15, 3, 32, 32] float32)"));
    CHECK_THROWS_WITH(network.forward<c10::IValue>(torch::rand({2, 3, 32, 32}, torch::kDouble)),
                      Catch::Contains("compiled for float32 input, and this run feeds float64"));

    request.imgsz = 64;
    CHECK_THROWS_WITH(bench::loadUserModel(request), Catch::Contains("compiled for 32 px images, and --imgsz asks for 64"));
    request.imgsz = 0;
    request.path = fixture("cuda_metadata.pt2");
    CHECK_THROWS_WITH(bench::loadUserModel(request),
                      Catch::Contains("cuda_metadata.pt2: an AOTInductor package compiled for CUDA, and this machine has "
                                      "no CUDA device"));
    request.path = fixture("plain_export.pt2");
    CHECK_THROWS_WITH(bench::loadUserModel(request),
                      Catch::Contains("plain_export.pt2: a torch.export program (.pt2) that is not compiled: compile it "
                                      "with torch._inductor.aoti_compile_and_package"));
}

TEST_CASE("an AOTInductor package exported in channels_last is fed NHWC, whatever the batch's layout", "[aoti]") {
    const auto info = families::inspectAotiPackage(fixture("classifier_cl_b4.pt2"));
    REQUIRE(info.input);
    CHECK(info.input->channelsLast);
    CHECK(families::describe(*info.input) == "[4, 3, 32, 32] float32 channels_last");
    CHECK_FALSE(families::inspectAotiPackage(fixture("classifier_aoti.pt2")).input->channelsLast);

    const auto expected = reference();
    bench::UserModelRequest request;
    request.path = fixture("classifier_cl_b4.pt2");
    auto network = bench::loadUserModel(request).family.build(0);
    torch::NoGradGuard noGrad;
    const auto images = tensorOf(expected["input"], expected["input_shape"]);
    const auto fromPackage = tensorOf(expected["nhwc_package_output"], expected["output_shape"]);
    // An NCHW batch read as NHWC would give other numbers: both layouts must give the package's own.
    for (const auto format : {torch::MemoryFormat::Contiguous, torch::MemoryFormat::ChannelsLast}) {
        const auto output = network.forward<c10::IValue>(images.contiguous(format)).toTensor();
        CHECK(torch::allclose(output, fromPackage, 1e-5, 1e-6));
    }
    CHECK_THROWS_WITH(network.forward<c10::IValue>(torch::rand({8, 3, 32, 32})),
                      Catch::Contains("batch 8, but it was compiled for batch 4 only (a static batch"));
}
