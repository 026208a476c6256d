#include "support/RunTests.h"

#include "support/Skip.h"

#include <catch2/catch.hpp>

namespace graphlens::testing {

int runTests(int argc, char* argv[]) {
    Catch::Session session;
    if (const int error = session.applyCommandLine(argc, argv); error != 0) return error;
    auto& config = session.configData();
    config.warnings = static_cast<Catch::WarnAbout::What>(config.warnings | Catch::WarnAbout::NoTests);
    return exitCode(session.run());
}

}  // namespace graphlens::testing
