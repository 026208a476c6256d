#include "train/PendingLoss.h"

#include <catch2/catch.hpp>
#include <torch/cuda.h>

using graphlens::train::PendingLoss;

TEST_CASE("PendingLoss on the GPU: the value of its step, though the stream overwrote the loss after it",
          "[cuda][train]") {
    const torch::Device cuda(torch::kCUDA);
    auto loss = torch::full({}, 1.5, torch::TensorOptions().dtype(torch::kFloat).device(cuda));
    PendingLoss pending(loss);
    // Work queued behind the copy, then the loss overwritten as the next replay would do.
    auto a = torch::randn({2048, 2048}, cuda);
    for (int i = 0; i < 8; ++i) a = a.matmul(a).tanh();
    loss.fill_(9.0);
    CHECK(pending.value() == 1.5);
    torch::cuda::synchronize();
    CHECK(loss.item<double>() == 9.0);
}
