#include "results/AtomicFile.h"
#include "ResultsTestSupport.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>

#include <unistd.h>

using namespace graphlens::results;
using namespace graphlens::results::testing;
namespace fs = std::filesystem;

namespace {

// Root (common in containers and CI) ignores permission bits, so a read-only folder is no failure.
bool permissionsBite() { return ::geteuid() != 0; }

}  // namespace

TEST_CASE("writeFileAtomically creates a file with exactly the contents", "[results][atomic]") {
    TempDir dir;
    const auto path = dir / "out.csv";
    const std::string binary("a\0b\r\n\xff end", 11);
    writeFileAtomically(path, binary);
    CHECK(readBytes(path) == binary);
    CHECK(fs::file_size(path) == binary.size());
    CHECK(dir.entries() == std::vector<std::string>{"out.csv"});
}

TEST_CASE("writeFileAtomically replaces an existing file fully", "[results][atomic]") {
    TempDir dir;
    const auto path = dir / "out.json";
    writeFileAtomically(path, std::string(10000, 'x'));
    writeFileAtomically(path, "short");
    CHECK(readBytes(path) == "short");  // no tail of the longer previous content
    writeFileAtomically(path, "");
    CHECK(fs::exists(path));
    CHECK(fs::file_size(path) == 0);
    // No temporary sibling is left behind after any of the writes.
    CHECK(dir.entries() == std::vector<std::string>{"out.json"});
}

TEST_CASE("writeFileAtomically into a missing folder throws and creates nothing",
          "[results][atomic]") {
    TempDir dir;
    const auto path = dir / "missing" / "out.csv";
    const std::string error = resultsErrorOf([&] { writeFileAtomically(path, "data"); });
    CHECK(error.rfind(path.string() + ": cannot write (", 0) == 0);
    CHECK_FALSE(fs::exists(dir / "missing"));
    CHECK(dir.entries().empty());
}

TEST_CASE("writeFileAtomically leaves an existing file untouched when the write fails",
          "[results][atomic]") {
    TempDir dir;
    SECTION("target is a folder: the rename fails and the temporary file is removed") {
        const auto target = dir / "results.json";
        fs::create_directory(target);
        writeBytes(target / "inside.txt", "keep me");
        const std::string error = resultsErrorOf([&] { writeFileAtomically(target, "new"); });
        CHECK(error.rfind(target.string() + ": cannot replace (", 0) == 0);
        CHECK(fs::is_directory(target));
        CHECK(readBytes(target / "inside.txt") == "keep me");
        CHECK(dir.entries() == std::vector<std::string>{"results.json"});
    }
    SECTION("folder without write permission (or, as root, a folder that does not exist)") {
        const auto folder = dir / "locked";
        fs::create_directory(folder);
        const auto existing = folder / "results.csv";
        writeBytes(existing, "old,complete\n");
        fs::path target = existing;
        if (permissionsBite()) {
            fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
        } else {
            target = folder / "gone" / "results.csv";
        }
        const std::string error = resultsErrorOf([&] { writeFileAtomically(target, "new"); });
        CHECK(error.rfind(target.string() + ": cannot write (", 0) == 0);
        fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add);
        CHECK(readBytes(existing) == "old,complete\n");
        std::vector<std::string> left;
        for (const auto& entry : fs::directory_iterator(folder)) {
            left.push_back(entry.path().filename().string());
        }
        CHECK(left == std::vector<std::string>{"results.csv"});
    }
}

TEST_CASE("checkWritable accepts a writable folder and leaves no probe behind", "[results][atomic]") {
    TempDir dir;
    CHECK_NOTHROW(checkWritable(dir / "new.csv"));
    CHECK(dir.entries().empty());
    writeBytes(dir / "existing.csv", "keep");
    CHECK_NOTHROW(checkWritable(dir / "existing.csv"));
    CHECK(readBytes(dir / "existing.csv") == "keep");
    CHECK(dir.entries() == std::vector<std::string>{"existing.csv"});
}

TEST_CASE("checkWritable explains what is wrong with the path", "[results][atomic]") {
    TempDir dir;
    SECTION("missing folder") {
        const auto folder = dir / "nope";
        const auto path = folder / "out.csv";
        CHECK(resultsErrorOf([&] { checkWritable(path); }) ==
              path.string() + ": folder " + folder.string() + " does not exist");
        CHECK(dir.entries().empty());
    }
    SECTION("the 'folder' is a regular file") {
        writeBytes(dir / "file", "x");
        const auto path = dir / "file" / "out.csv";
        CHECK(resultsErrorOf([&] { checkWritable(path); }) ==
              path.string() + ": folder " + (dir / "file").string() + " does not exist");
    }
    SECTION("the path is a folder") {
        const auto path = dir / "sub";
        fs::create_directory(path);
        CHECK(resultsErrorOf([&] { checkWritable(path); }) ==
              path.string() + ": is a folder, expected a file name");
        CHECK(dir.entries() == std::vector<std::string>{"sub"});
    }
}

// A case of its own: as root it skips, and the cases above still count as passed.
TEST_CASE("checkWritable explains a folder without write permission", "[results][atomic]") {
    if (!permissionsBite()) GRAPHLENS_SKIP("running as root: permission bits are not enforced");
    TempDir dir;
    const auto folder = dir / "locked";
    fs::create_directory(folder);
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
    const auto path = folder / "out.csv";
    CHECK(resultsErrorOf([&] { checkWritable(path); })
              .rfind(path.string() + ": cannot write in " + folder.string() + " (", 0) == 0);
    fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add);
    CHECK(fs::is_empty(folder));
}
