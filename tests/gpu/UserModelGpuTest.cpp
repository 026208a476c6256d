// TorchScript user models on the GPU (issue 5): graph support decided by the parity check on load —
// bit-exact modules get `whole`, a module that syncs with the host or draws fresh noise gets `none`
// with the check's reason and a sweep refuses its graphed arm; a module that only runs on the CPU is
// refused on load. Model files: tests/fixtures/export_user_models.py (UserModelFixtures).
#include "UserModelFixtures.h"
#include "bench/SweepSession.h"
#include "bench/UsageError.h"
#include "bench/UserModelLoader.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <filesystem>

using namespace graphlens;
using families::GraphSupportKind;
using testing::UserModelFixtures;

namespace {

bench::LoadedUserModel load(const std::string& file, torch::Dtype dtype = torch::kFloat) {
    bench::UserModelRequest request;
    request.path = UserModelFixtures::get().path(file);
    request.dtype = dtype;
    return bench::loadUserModel(request);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct RowCollectingEvents : bench::SweepEvents {
    void progress(int, int, const std::string&, double) override {}
    void log(const std::string&) override {}
    void warning(const std::string&) override {}
    void measurement(const results::Measurement& row) override { rows.push_back(row); }
    std::vector<results::Measurement> rows;
};

std::vector<results::Measurement> sweepRows(const std::string& file, int& exitCode) {
    results::SweepPlan plan;
    plan.family.clear();
    plan.model = UserModelFixtures::get().path(file);
    plan.batches = {1, 8};
    plan.imgsz = 64;
    plan.steps = 6;
    plan.warmup = 2;
    plan.profile = false;
    plan.autosave = (std::filesystem::temp_directory_path() / ("graphlens-usermodel-" + file + ".jsonl")).string();
    RowCollectingEvents events;
    const auto result = bench::runSweepSession(plan, events);
    exitCode = result.exitCode;
    std::filesystem::remove(plan.autosave);
    return events.rows;
}

}  // namespace

TEST_CASE("a bit-exact TorchScript module gets `whole` support from the check on load", "[cuda][torchscript]") {
    for (const auto dtype : {torch::kFloat, torch::kHalf}) {
        for (const std::string file : {"classifier.pt", "dict_detector.pt"}) {
            INFO(file << " " << dtype);
            const auto loaded = load(file, dtype);
            CHECK(loaded.family.inference.kind == GraphSupportKind::Whole);
            CHECK(contains(loaded.family.inference.reason, "decided on load: graphed == eager bit for bit"));
            REQUIRE(loaded.parity.has_value());
            CHECK(loaded.parity->result == bench::VerifyResult::BitExact);
            CHECK(loaded.parity->probesDiffer);
            CHECK(loaded.parity->staleGuard);
            CHECK(loaded.parity->declaration == "checked");
        }
    }
}

TEST_CASE("a module the check fails gets `none` with the check's reason", "[cuda][torchscript]") {
    const auto sync = load("host_sync.pt");
    CHECK(sync.family.inference.kind == GraphSupportKind::None);
    CHECK(contains(sync.family.inference.reason, "the parity check on load failed (capture error)"));

    const auto noise = load("random_noise.pt");
    CHECK(noise.family.inference.kind == GraphSupportKind::None);
    CHECK(contains(noise.family.inference.reason, "the parity check on load failed (mismatch)"));

    // Eager work on the device still runs after the failed capture.
    const auto after = load("classifier.pt");
    CHECK(after.family.inference.kind == GraphSupportKind::Whole);
}

TEST_CASE("a module that only runs on the CPU is refused on load", "[cuda][torchscript]") {
    try {
        load("cpu_constant.pt");
        FAIL("cpu_constant.pt loaded");
    } catch (const bench::UsageError& error) {
        const std::string message = error.what();
        CHECK(contains(message, "cpu_constant.pt: the forward runs on the CPU but fails on cuda:0: "));
        CHECK(contains(message, "CPU-only operations"));
    }
}

TEST_CASE("sweeping a TorchScript model: graphed rows when the check passed, refused when it failed", "[cuda][torchscript]") {
    int exitCode = -1;
    const auto rows = sweepRows("classifier.pt", exitCode);
    CHECK(exitCode == 0);
    REQUIRE(rows.size() == 4);
    for (const auto& row : rows) {
        INFO(row.arm << " batch " << row.batch << ": " << row.message);
        CHECK(row.family == "classifier");
        CHECK(row.task == "classify");
        CHECK(row.status == "ok");
        // cudaMemGetInfo sees the CUDA context, which the caching allocator does not.
        REQUIRE(row.device_used_mb.has_value());
        CHECK(*row.device_used_mb >= *row.vram_peak_reserved_mb);
        CHECK(*row.device_outside_allocator_mb > 100);
        if (row.arm == "graphed") CHECK(row.speedup.has_value());
    }

    const auto refused = sweepRows("host_sync.pt", exitCode);
    CHECK(exitCode == 1);
    REQUIRE(refused.size() == 4);
    for (const auto& row : refused) {
        INFO(row.arm << " batch " << row.batch << ": " << row.message);
        if (row.arm == "eager") {
            CHECK(row.status == "ok");
        } else {
            CHECK(row.status == "refused");
            CHECK(contains(row.message, "graph mode 'on' refused for host_sync: the parity check on load failed"));
        }
    }
}
