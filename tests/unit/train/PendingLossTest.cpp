#include "train/PendingLoss.h"

#include <catch2/catch.hpp>

using graphlens::train::PendingLoss;

TEST_CASE("PendingLoss keeps the loss of its step even when the loss tensor is overwritten after it",
          "[train][loss]") {
    // A graphed step's loss is a static output: the next replay writes the same tensor. The value
    // logged for step N must be step N's, whatever ran after it was taken.
    auto loss = torch::tensor(2.5, torch::kFloat);
    PendingLoss pending(loss);
    loss.fill_(7.0);
    REQUIRE(pending.defined());
    CHECK(pending.value() == 2.5);
}

TEST_CASE("PendingLoss reads scalar losses of any shape and dtype", "[train][loss]") {
    CHECK(PendingLoss(torch::full({1}, 0.125, torch::kDouble)).value() == 0.125);
    CHECK(PendingLoss(torch::tensor(3.0, torch::kHalf)).value() == 3.0);
    CHECK_FALSE(PendingLoss().defined());
}
