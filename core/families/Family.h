#pragma once
// A named architecture: task, default size, a seeded builder and its graph support declarations.
#include "families/GraphSupport.h"

#include <torch/nn/modules/container/any.h>

#include <cstdint>
#include <functional>
#include <string>

namespace graphlens::families {

struct Family {
    std::string name;
    std::string task;       // classify, detect, segment, other
    int defaultImgsz = 224;
    int numClasses = 1000;
    GraphSupport inference;
    GraphSupport training;
    // Same seed, same weights: runs and processes compare like with like.
    std::function<torch::nn::AnyModule(std::uint64_t seed)> build;
};

std::int64_t parameterCount(const torch::nn::Module& module);

}  // namespace graphlens::families
