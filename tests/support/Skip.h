#pragma once
// Catch2 v2 has no SKIP. GRAPHLENS_SKIP(reason) prints "SKIPPED: <reason>", records that the running
// test case skipped and returns from the function it is written in; the test mains (tests/catch_main.cpp,
// tests/ui/UiTestMain.cpp, tests/gpu/gpu_main.cpp) then exit kSkipReturnCode when nothing failed, which
// CTest reports as skipped (every Catch test has SKIP_RETURN_CODE 77), never as passed.
// Written in a helper, it returns from the helper only: the test case must not go on to check anything.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

namespace graphlens::testing {

inline constexpr int kSkipReturnCode = 77;

// Prints the reason and records it against the running test case (GRAPHLENS_SKIP's first half).
void recordSkip(const std::string& reason);

// Whether a test case of this run skipped.
bool anySkipped();

// What a test main returns: Catch's result (failed assertions) when anything failed, otherwise
// kSkipReturnCode when a test case skipped (after listing which and why), otherwise 0.
int exitCode(int catchResult);

// GRAPHLENS_REQUIRE_REFERENCES=1 (make test, whose bootstrap installs the Python references): a
// missing reference is a failure, not a skip.
bool referencesRequired();

}  // namespace graphlens::testing

#define GRAPHLENS_SKIP(reason)                                        \
    do {                                                              \
        std::ostringstream graphlensSkipReason_;                      \
        graphlensSkipReason_ << reason;                               \
        ::graphlens::testing::recordSkip(graphlensSkipReason_.str()); \
        return;                                                       \
    } while (false)

// A Python reference (tests/fixtures, run with the venv's python) is missing: skip, or fail under
// GRAPHLENS_REQUIRE_REFERENCES=1.
#define GRAPHLENS_SKIP_MISSING_REFERENCE(reason)                                                          \
    do {                                                                                                  \
        if (::graphlens::testing::referencesRequired())                                                   \
            FAIL("missing Python reference, and GRAPHLENS_REQUIRE_REFERENCES=1 requires it: " << reason); \
        GRAPHLENS_SKIP(reason);                                                                           \
    } while (false)
