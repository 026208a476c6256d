// Model files damaged the ways users' files get damaged (tests/fixtures/export_user_models.py writes
// them from a good TorchScript file): each is refused as bad input with one line that names the file
// and libtorch's reason, never a bare libtorch message or a crash.
#include "UserModelFixtures.h"
#include "bench/UsageError.h"
#include "bench/UserModelLoader.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptArchive.h"
#include "families/TorchScriptFamily.h"
#include "families/TorchScriptLoadFailure.h"

#include <catch2/catch.hpp>

using namespace graphlens::families;
using graphlens::testing::UserModelFixtures;

namespace {

std::string damagedPath(const std::string& file) { return UserModelFixtures::get().path(file); }

std::string modelFileErrorOf(const std::string& file) {
    try {
        makeTorchScriptFamily(damagedPath(file), "", 0);
    } catch (const ModelFileError& error) {
        return error.what();
    }
    return "(loaded)";
}

std::string notLoadable(const std::string& file) {
    return damagedPath(file) + ": not a loadable TorchScript model: ";
}

}  // namespace

TEST_CASE("libtorch's load errors become one line with the place inside the archive", "[engine][torchscript]") {
    CHECK(torchScriptLoadReason("expected ident but found ':' here:\nSerialized   File \"code/__torch__.py\", line 9\n"
                                "  def forward(self:: __torch__.SmallClassifier,\n") ==
          "expected ident but found ':' (code/__torch__.py, line 9 inside the archive)");
    CHECK(torchScriptLoadReason("\nUnknown builtin op: aten::reluu.\nHere are some suggestions: \n\taten::relu\n") ==
          "Unknown builtin op: aten::reluu.");
    CHECK(torchScriptLoadReason("PytorchStreamReader failed locating file data.pkl: file not found. This is an "
                                "internal miniz error. If you are seeing this error, ...") ==
          "PytorchStreamReader failed locating file data.pkl: file not found.");
    CHECK(torchScriptLoadReason("[enforce fail at inline_container.cc:230] . Attempted to read a PyTorch file with "
                                "version 999") == "Attempted to read a PyTorch file with version 999");
    CHECK(torchScriptLoadReason("\n\n") == "libtorch gave no reason");
    CHECK(notLoadableMessage("m.pt", "Unexpected end of pickler archive.") ==
          "m.pt: not a loadable TorchScript model: Unexpected end of pickler archive.");
}

TEST_CASE("a TorchScript archive whose code or records were tampered with is refused, naming the file",
          "[engine][torchscript]") {
    CHECK(inspectArchive(damagedPath("tampered_no_constants.pt")) == ArchiveKind::TorchScript);  // code/ is there
    CHECK(modelFileErrorOf("tampered_syntax.pt").rfind(notLoadable("tampered_syntax.pt") +
                                                       "expected ident but found ':'", 0) == 0);
    CHECK_THAT(modelFileErrorOf("tampered_syntax.pt"),
               Catch::EndsWith("(code/__torch__.py, line 9 inside the archive)"));
    CHECK(modelFileErrorOf("tampered_unknown_op.pt") ==
          notLoadable("tampered_unknown_op.pt") +
              "Unknown builtin op: aten::reluu. (code/__torch__.py, line 15 inside the archive)");
    CHECK(modelFileErrorOf("tampered_no_data_pkl.pt") ==
          notLoadable("tampered_no_data_pkl.pt") +
              "PytorchStreamReader failed locating file data.pkl: file not found.");
    CHECK(modelFileErrorOf("tampered_no_constants.pt") ==
          notLoadable("tampered_no_constants.pt") +
              "PytorchStreamReader failed locating file constants.pkl: file not found.");
    // A tensor record cut short inside a whole zip: libtorch itself loads it (with garbage weights).
    CHECK(inspectArchive(damagedPath("tampered_short_tensor_data.pt")) == ArchiveKind::TorchScript);
    CHECK_THAT(modelFileErrorOf("tampered_short_tensor_data.pt"),
               Catch::StartsWith(notLoadable("tampered_short_tensor_data.pt") + "its tensor data is cut short (the archive holds "));
}

TEST_CASE("a cut-short, newer, random, empty or folder model file is refused, naming the file",
          "[engine][torchscript]") {
    CHECK(inspectArchive(damagedPath("truncated.pt")) == ArchiveKind::DamagedArchive);
    CHECK(inspectArchive(damagedPath("tampered_version.pt")) == ArchiveKind::DamagedArchive);
    CHECK(inspectArchive(damagedPath("random_bytes.pt")) == ArchiveKind::NotAnArchive);
    CHECK(modelFileErrorOf("truncated.pt") ==
          notLoadable("truncated.pt") +
              "PytorchStreamReader failed reading zip archive: failed finding central directory.");
    CHECK(modelFileErrorOf("tampered_version.pt").rfind(notLoadable("tampered_version.pt") +
                                                        "Attempted to read a PyTorch file with version 999", 0) == 0);
    CHECK(modelFileErrorOf("random_bytes.pt").rfind(damagedPath("random_bytes.pt") +
                                                    ": not a TorchScript file (not a PyTorch zip archive)", 0) == 0);
    CHECK(modelFileErrorOf("empty_file.pt") == damagedPath("empty_file.pt") + ": the file is empty");
    CHECK(modelFileErrorOf("folder.pt") == damagedPath("folder.pt") + ": is a folder, not a TorchScript file");
}

TEST_CASE("every damaged model file is a one-line usage error from loadUserModel", "[engine][torchscript]") {
    for (const char* file : {"tampered_syntax.pt", "tampered_unknown_op.pt", "tampered_no_data_pkl.pt",
                             "tampered_short_tensor_data.pt",
                             "tampered_no_constants.pt", "tampered_version.pt", "truncated.pt", "random_bytes.pt",
                             "empty_file.pt", "folder.pt"}) {
        CAPTURE(file);
        graphlens::bench::UserModelRequest request;
        request.path = damagedPath(file);
        std::string message = "(loaded)";
        try {
            graphlens::bench::loadUserModel(request);
        } catch (const graphlens::bench::UsageError& error) {
            message = error.what();
        }
        CHECK(message.rfind(damagedPath(file) + ": ", 0) == 0);
        CHECK(message.find('\n') == std::string::npos);
    }
}
