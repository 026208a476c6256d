#pragma once
// What every test main runs: Catch's session with `--warn NoTests` always on, so a test name that
// matches nothing fails instead of passing (CMake splits a discovered name at ';', and the halves
// matched nothing: 18 cases had passed that way without running), then exitCode() (Skip.h).
namespace graphlens::testing {

int runTests(int argc, char* argv[]);

}  // namespace graphlens::testing
