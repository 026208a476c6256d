// Libraries opened at run time, on this (Linux) machine: the C library every process has loaded, and
// a name no library has.
#include "platform/SharedLibrary.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace graphlens::platform;

TEST_CASE("a library the process has loaded opens, gives its symbols and tells its file", "[platform]") {
    std::string error;
    void* library = openSharedLibrary("libc.so.6", /*onlyIfLoaded=*/true, error);
    REQUIRE(library);
    CHECK(error.empty());
    auto* length = reinterpret_cast<std::size_t (*)(const char*)>(sharedLibrarySymbol(library, "strlen"));
    REQUIRE(length);
    CHECK(length("graphs") == 6);
    CHECK(sharedLibrarySymbol(library, "no_such_symbol_in_libc") == nullptr);
    CHECK(sharedLibraryPath(library).find("libc.so.6") != std::string::npos);
    closeSharedLibrary(library);
}

TEST_CASE("a missing library is an error with the loader's reason, loaded or not", "[platform]") {
    for (const bool onlyIfLoaded : {true, false}) {
        std::string error;
        CHECK(openSharedLibrary("libgraphlens-not-there.so.9", onlyIfLoaded, error) == nullptr);
        CHECK_FALSE(error.empty());
    }
    std::string error;
    CHECK(openSharedLibrary("libgraphlens-not-there.so.9", false, error) == nullptr);
    CHECK(error.find("libgraphlens-not-there.so.9") != std::string::npos);  // dlerror names the file
    closeSharedLibrary(nullptr);  // a no-op, as for a library that never opened
}
