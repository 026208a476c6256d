#include "results/ErrorText.h"

#include <catch2/catch.hpp>

using graphlens::results::errorCause;

TEST_CASE("errorCause keeps the line that says why", "[results][errors]") {
    CHECK(errorCause("CUDA out of memory. Tried to allocate 2 GiB\nException raised from malloc at ...") ==
          "CUDA out of memory. Tried to allocate 2 GiB");
    CHECK(errorCause("") == "");
    const std::string interpreter =
        "The following operation failed in the TorchScript interpreter.\n"
        "Traceback of TorchScript, serialized code (most recent call last):\n"
        "  File \"code/__torch__.py\", line 11, in forward\n"
        "    return torch.linear(input, weight, bias)\n\n"
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x150528 and 3072x5)\n";
    CHECK(errorCause(interpreter) == "mat1 and mat2 shapes cannot be multiplied (2x150528 and 3072x5)");
    // A CUDA error is followed by hints: the cause is the error line, not the last line.
    CHECK(errorCause("The following operation failed in the TorchScript interpreter.\n"
                     "Traceback of TorchScript (most recent call last):\n"
                     "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
                     "CUDA kernel errors might be asynchronously reported at some other API call.\n"
                     "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n") ==
          "CUDA error: operation not permitted when stream is capturing");
    // What a caller put before the interpreter's text stays in front of the cause.
    CHECK(errorCause("net: graph capture of [2, 3] failed: " + interpreter) ==
          "net: graph capture of [2, 3] failed: mat1 and mat2 shapes cannot be multiplied (2x150528 and 3072x5)");
}
