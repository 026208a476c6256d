#include "train/PendingLoss.h"

#include "graphlens/config.h"

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace graphlens::train {

struct PendingLoss::CopyDone {
#if GRAPHLENS_HAVE_CUDA
    at::cuda::CUDAEvent event;
#endif
};

PendingLoss::PendingLoss(const torch::Tensor& loss) {
    const auto scalar = loss.detach().reshape({});
#if GRAPHLENS_HAVE_CUDA
    if (scalar.is_cuda()) {
        host_ = torch::empty({}, torch::TensorOptions().dtype(scalar.dtype()).pinned_memory(true));
        host_.copy_(scalar, /*non_blocking=*/true);
        done_ = std::make_unique<CopyDone>();
        done_->event.record(c10::cuda::getCurrentCUDAStream(scalar.device().index()));
        return;
    }
#endif
    host_ = scalar.to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true);  // a snapshot, as on the GPU
}

PendingLoss::PendingLoss() = default;
PendingLoss::~PendingLoss() = default;
PendingLoss::PendingLoss(PendingLoss&&) noexcept = default;
PendingLoss& PendingLoss::operator=(PendingLoss&&) noexcept = default;

double PendingLoss::value() const {
#if GRAPHLENS_HAVE_CUDA
    if (done_) done_->event.synchronize();
#endif
    return host_.item<double>();
}

}  // namespace graphlens::train
