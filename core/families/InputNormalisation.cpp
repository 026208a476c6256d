#include "families/InputNormalisation.h"

namespace graphlens::families {

torch::Tensor normaliseImages(const torch::Tensor& images, const std::string& task) {
    auto scaled = images.to(torch::kFloat).div_(255.0);
    if (task != "classify") return scaled;
    const auto options = torch::TensorOptions().device(images.device());
    const auto mean = torch::tensor({0.485, 0.456, 0.406}, options).view({1, 3, 1, 1});
    const auto stddev = torch::tensor({0.229, 0.224, 0.225}, options).view({1, 3, 1, 1});
    return (scaled - mean) / stddev;
}

}  // namespace graphlens::families
