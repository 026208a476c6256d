#pragma once
// What every test main runs: Catch's session with `--warn NoTests` always on, so a test name that
// matches nothing fails instead of passing (CMake splits a discovered name at ';', and the halves
// matched nothing: 18 cases had passed that way without running), then exitCode() (Skip.h).
// Header-only: Catch declares its Session only where the main defines CATCH_CONFIG_RUNNER first.
#ifndef CATCH_CONFIG_RUNNER
#error "include support/RunTests.h from a test main, after #define CATCH_CONFIG_RUNNER"
#endif
#include "support/Skip.h"

#include <catch2/catch.hpp>

namespace graphlens::testing {

inline int runTests(int argc, char* argv[]) {
    Catch::Session session;
    if (const int error = session.applyCommandLine(argc, argv); error != 0) return error;
    auto& config = session.configData();
    config.warnings = static_cast<Catch::WarnAbout::What>(config.warnings | Catch::WarnAbout::NoTests);
    return exitCode(session.run());
}

}  // namespace graphlens::testing
