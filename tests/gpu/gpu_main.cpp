// GPU tests: every case is tagged [cuda]. Without a CUDA device the binary prints why and exits 77,
// which CTest reports as skipped (SKIP_RETURN_CODE) instead of passed or failed; so does a run in
// which a case skipped (GRAPHLENS_SKIP) and none failed.
#define CATCH_CONFIG_RUNNER
#define CATCH_CONFIG_NO_POSIX_SIGNALS  // our handler prints a backtrace instead
#include "support/RunTests.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>
#include <torch/cuda.h>

#include <execinfo.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <iostream>

namespace {
// A crash on the GPU server names where it happened (the bundle keeps symbols, not debug info).
void printBacktrace(int signal) {
    void* frames[64];
    const int count = backtrace(frames, 64);
    const char header[] = "graphlens_gpu_tests: fatal signal, backtrace:\n";
    (void)!write(STDERR_FILENO, header, sizeof header - 1);
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
}  // namespace

int main(int argc, char** argv) {
    bool listing = false;
    for (int i = 1; i < argc; ++i) listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
    if (!listing && !torch::cuda::is_available()) {
        std::cout << "SKIPPED: no CUDA device visible to libtorch; GPU tests run on a GPU machine "
                     "(see README, 'Running on a GPU server')\n";
        return graphlens::testing::kSkipReturnCode;
    }
    std::signal(SIGSEGV, printBacktrace);
    return graphlens::testing::runTests(argc, argv);
}
