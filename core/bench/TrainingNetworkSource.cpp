#include "bench/TrainingNetworkSource.h"

namespace graphlens::bench {

TrainingNetworkSource::TrainingNetworkSource(const families::Family& family, std::uint64_t seed, torch::Device device)
    : family_(family), seed_(seed), device_(device), reuse_(family.source.empty()) {}

std::vector<torch::Tensor> TrainingNetworkSource::stateTensors() const {
    auto tensors = network_.ptr()->parameters(/*recurse=*/true);
    for (const auto& buffer : network_.ptr()->buffers(/*recurse=*/true)) tensors.push_back(buffer);
    return tensors;
}

torch::nn::AnyModule TrainingNetworkSource::fresh() {
    if (!reuse_ || initial_.empty()) {
        // Kept only once whole: a build or move that throws (out of memory) leaves nothing half made.
        auto built = family_.build(seed_);
        built.ptr()->to(device_);
        network_ = std::move(built);
        if (reuse_) {
            std::vector<torch::Tensor> initial;
            for (const auto& tensor : stateTensors()) initial.push_back(tensor.detach().to(torch::kCPU, false, true));
            initial_ = std::move(initial);
        }
    } else {
        torch::NoGradGuard noGrad;
        const auto tensors = stateTensors();
        for (std::size_t i = 0; i < tensors.size(); ++i) tensors[i].copy_(initial_[i]);
        for (auto& parameter : network_.ptr()->parameters(/*recurse=*/true)) parameter.mutable_grad() = torch::Tensor();
    }
    network_.ptr()->train();
    return network_;
}

}  // namespace graphlens::bench
