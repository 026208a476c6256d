#pragma once
// The state of a device's default random generator, put back on restore(). A training capture's
// warm-up draws random numbers (dropout, stochastic depth) and advances the generator; restoring it
// makes the first replay draw what the next eager step would have drawn. Each replay then reads the
// generator's current offset and advances it (libtorch registers the generator with every capture),
// so consecutive replays draw different masks.
#include <ATen/core/Generator.h>
#include <c10/core/Device.h>
#include <torch/types.h>

namespace graphlens::graphs {

class GeneratorSnapshot {
public:
    explicit GeneratorSnapshot(c10::Device device);
    void restore() const;

private:
    at::Generator generator_;
    torch::Tensor state_;
};

}  // namespace graphlens::graphs
