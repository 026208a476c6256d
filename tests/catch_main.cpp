// The unit tests' main: Catch's runner, exiting 77 (CTest: skipped) when a case skipped and none failed.
#define CATCH_CONFIG_RUNNER
#include "support/Skip.h"

#include <catch2/catch.hpp>

int main(int argc, char* argv[]) {
    return graphlens::testing::exitCode(Catch::Session().run(argc, argv));
}
