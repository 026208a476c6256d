// The unit tests' main: Catch's runner, exiting 77 (CTest: skipped) when a case skipped and none failed.
#define CATCH_CONFIG_RUNNER
#include "support/RunTests.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>

int main(int argc, char* argv[]) {
    return graphlens::testing::runTests(argc, argv);
}
