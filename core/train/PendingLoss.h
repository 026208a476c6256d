#pragma once
// A step's loss on its way to the host. The training loop enqueues step N+1 before it logs step N's
// loss; reading N's loss with .item() at that point would wait for N+1 as well (the copy is queued
// behind it on the same stream). So the copy is started as soon as step N is enqueued, into pinned
// memory and non-blocking, with an event behind it: value() then waits for step N's work only.
#include <torch/torch.h>

#include <memory>

namespace graphlens::train {

class PendingLoss {
public:
    PendingLoss();
    // Starts the copy of a scalar loss (any device) to the host. CPU losses are read directly.
    explicit PendingLoss(const torch::Tensor& loss);
    ~PendingLoss();
    PendingLoss(PendingLoss&&) noexcept;
    PendingLoss& operator=(PendingLoss&&) noexcept;

    bool defined() const { return host_.defined(); }
    // Waits for the copy (not for work enqueued after it) and returns the loss as a double.
    double value() const;

private:
    torch::Tensor host_;
    struct CopyDone;  // the CUDA event recorded after the copy; absent for a CPU loss
    std::unique_ptr<CopyDone> done_;
};

}  // namespace graphlens::train
