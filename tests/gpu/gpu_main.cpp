// GPU tests: every case is tagged [cuda]. Without a CUDA device the binary prints why and exits 77,
// which CTest reports as skipped (SKIP_RETURN_CODE) instead of passed or failed.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <torch/cuda.h>

#include <cstring>
#include <iostream>

int main(int argc, char** argv) {
    bool listing = false;
    for (int i = 1; i < argc; ++i) listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
    if (!listing && !torch::cuda::is_available()) {
        std::cout << "SKIPPED: no CUDA device visible to libtorch; GPU tests run on a GPU machine "
                     "(see README, 'Running on a GPU server')\n";
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
