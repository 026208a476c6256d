#pragma once
// Shared by the core/train tests: two lists of tensors equal element for element, shapes included.
#include <torch/torch.h>

#include <vector>

namespace graphlens::testing {

inline bool allEqual(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].sizes() != b[i].sizes() || !torch::equal(a[i], b[i])) return false;
    }
    return true;
}

}  // namespace graphlens::testing
