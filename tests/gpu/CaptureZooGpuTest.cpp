// Capture forensics on the GPU: each model of the capture zoo (tests/fixtures/export_capture_zoo.py)
// breaks capture in one known way; `verify` must say how (kind, operator, module, the CUDA call) and the
// seam search must choose the segment the manifest names, joined bit-exact with the eager rest. The
// diagnosis turns CUPTI's callbacks on, so these cases run in a process of their own ([forensics]).
#include "UserModelFixtures.h"
#include "bench/UserModelLoader.h"
#include "bench/VerifyRunner.h"

#include <catch2/catch.hpp>

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
