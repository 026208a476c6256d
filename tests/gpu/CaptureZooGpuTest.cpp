// Capture forensics on the GPU: each model of the capture zoo (tests/fixtures/export_capture_zoo.py)
// breaks capture in one known way; `verify` must say how (kind, operator, module, the CUDA call) and the
// seam search must choose the segment the manifest names, joined bit-exact with the eager rest. The
// diagnosis turns CUPTI's callbacks on, so these cases run in a process of their own ([forensics]).
#include "UserModelFixtures.h"
#include "bench/UserModelLoader.h"
#include "bench/SweepSession.h"
#include "bench/VerifyRunner.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>

using namespace graphlens;
using testing::UserModelFixtures;

namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bench::VerifyRow verifyZooModel(const std::string& file, const nlohmann::json& expect) {
    bench::UserModelRequest request;
    request.path = UserModelFixtures::captureZoo().path(file);
    request.imgsz = expect.value("imgsz", 64);
    request.decideSupport = false;
    const auto family = bench::loadUserModel(request).family;
    bench::VerifyOptions options;
    options.imgsz = family.defaultImgsz;
    options.findSeam = true;
    options.measureSeam = expect.value("measure", false);
    return bench::verifyFamily(bench::withSupportToBeChecked(family), options);
}

}  // namespace

TEST_CASE("capture zoo: every broken model is diagnosed by kind, operator, call and module, and split where it can be",
          "[cuda][forensics]") {
    const auto& zoo = UserModelFixtures::captureZoo();
    REQUIRE(zoo.manifest().size() == 9);
    for (const auto& [file, expect] : zoo.manifest().items()) {
        DYNAMIC_SECTION(file) {
            const auto row = verifyZooModel(file, expect);
            std::cout << "[forensics] " << file << "\n" << bench::verifyTable({row}) << std::flush;
            const auto& d = row.diagnosis;
            INFO(bench::verifyTable({row}));
            CHECK(row.failed());
            CHECK(graphs::toString(d.kind) == expect.at("kind").get<std::string>());
            CHECK(d.module == expect.at("module").get<std::string>());
            CHECK_FALSE(d.advice.empty());
            if (expect.at("kind") == "capture-failed") {
                // The CUDA call that broke it, from CUPTI's records, or libtorch's own refusal (a copy
                // from pageable memory) with the operator where its exception started.
                CHECK((!d.call.empty() || !d.exception.empty()));
                CHECK(d.onCapturingThread);
                CHECK(mentions(d.summary(), "capture failed"));
            }
            if (expect.contains("call")) CHECK(mentions(d.call, expect.at("call").get<std::string>()));
            if (expect.contains("libtorch")) CHECK(mentions(d.exception, expect.at("libtorch").get<std::string>()));
            if (!expect.at("operators").empty()) {
                bool named = false;
                for (const auto& op : expect.at("operators")) named = named || mentions(d.operators, op.get<std::string>());
                CHECK(named);
            }
            REQUIRE(row.seam);
            if (expect.at("seam").is_null()) {
                CHECK(row.seam->status == "unprovable");
                continue;
            }
            CHECK(row.seam->links == expect.at("links").get<std::vector<std::string>>());
            CHECK(row.seam->status == "found");
            REQUIRE(row.seam->begin);
            CHECK(*row.seam->begin == expect.at("seam")[0].get<std::size_t>());
            CHECK(*row.seam->end == expect.at("seam")[1].get<std::size_t>());
            CHECK(row.seam->joinedBitExact);
            REQUIRE(row.seam->capturedShare);
            CHECK(*row.seam->capturedShare > 0.0);
            CHECK(*row.seam->capturedShare < 1.0);
            if (expect.value("measure", false)) {
                REQUIRE(row.seam->speedup);
                CHECK(*row.seam->speedup > 0.0);
            }
        }
    }
}

namespace {

struct SeamSweepEvents : bench::SweepEvents {
    void progress(int, int, const std::string&, double) override {}
    void log(const std::string& line) override { std::cout << "[seam sweep] " << line << "\n"; }
    void warning(const std::string& line) override { std::cout << "[seam sweep] warning: " << line << "\n"; }
    void measurement(const results::Measurement& row) override { rows.push_back(row); }
    std::vector<results::Measurement> rows;
};

}  // namespace

// No CUPTI here (the load's check never diagnoses): an engine case, not a forensics one.
TEST_CASE("sweep --auto-seam graphs a detector with NMS inside forward up to its head, the NMS eager, bit-exact",
          "[cuda][seam]") {
    results::SweepPlan plan;
    plan.family.clear();
    plan.model = UserModelFixtures::captureZoo().path("detector_nms.pt");
    plan.task = "detect";
    plan.autoSeam = true;
    plan.batches = {1, 2};
    plan.imgsz = 160;
    plan.steps = 10;
    plan.warmup = 3;
    plan.profile = false;
    plan.autosave = (std::filesystem::temp_directory_path() / "graphlens-auto-seam.jsonl").string();
    SeamSweepEvents events;
    const auto result = bench::runSweepSession(plan, events);
    std::filesystem::remove(plan.autosave);
    CHECK(result.exitCode == 0);
    int graphed = 0;
    for (const auto& row : events.rows) {
        std::cout << "[seam sweep] batch " << row.batch << " " << row.arm << " " << row.status << " median "
                  << row.step_ms_median.value_or(-1) << " ms, speedup " << row.speedup.value_or(-1) << ", parity "
                  << row.parity << " " << row.message << "\n";
        if (row.arm != "graphed" || row.pass != "timed") continue;
        ++graphed;
        CHECK(row.status == "ok");
        CHECK(row.parity == "bit-exact");
        CHECK(row.speedup.has_value());
    }
    CHECK(graphed == 2);
    // Without the flag the same file is refused whole.
    bench::UserModelRequest request;
    request.path = plan.model;
    request.task = "detect";
    request.imgsz = 160;
    const auto refused = bench::loadUserModel(request).family;
    CHECK(refused.inference.kind == families::GraphSupportKind::None);
    request.autoSeam = true;
    const auto split = bench::loadUserModel(request).family;
    CHECK(split.inference.kind == families::GraphSupportKind::Seam);
    CHECK(mentions(split.inference.reason, "after head, before nms"));
}

TEST_CASE("a sweep's refused rows carry the diagnosis that verify --model finds in a process of its own",
          "[cuda][seam]") {
    results::SweepPlan plan;
    plan.family.clear();
    plan.model = UserModelFixtures::captureZoo().path("item_head.pt");
    plan.batches = {1, 4};
    plan.imgsz = 64;
    plan.steps = 4;
    plan.warmup = 1;
    plan.profile = false;
    plan.autosave = (std::filesystem::temp_directory_path() / "graphlens-refusal-diagnosis.jsonl").string();
    SeamSweepEvents events;
    const auto result = bench::runSweepSession(plan, events);
    std::filesystem::remove(plan.autosave);
    CHECK(result.exitCode == 1);  // refused rows fail the run, as before
    int refused = 0;
    for (const auto& row : result.measured) {
        if (row.arm != "graphed" || row.pass != "timed") continue;
        ++refused;
        INFO(row.message);
        CHECK(row.status == "refused");
        CHECK(row.refusal_kind == "capture-failed");
        CHECK(row.refusal_module == "head");
        CHECK(mentions(row.refusal_op, "aten::item"));
        CHECK(mentions(row.refusal_call, "cudaStreamSynchronize"));
        CHECK(mentions(row.refusal_advice, ".item()"));
        CHECK(row.message.rfind("refused: capture failed at aten::item in head (cudaStreamSynchronize", 0) == 0);
    }
    CHECK(refused == 2);
}
