#pragma once
// How a `seam` family splits at inference (DESIGN §3): the captured part is graphed, the rest runs
// eagerly on its output (data-dependent shapes, boolean masks, sorting). A family declaring `seam`
// provides one for each built network; the graph runner is built from it, never from the whole.
#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <functional>
#include <string>

namespace graphlens::families {

struct InferenceSeam {
    std::function<c10::IValue(const torch::Tensor& batch)> captured;
    std::function<c10::IValue(const c10::IValue& capturedOut, const torch::Tensor& batch)> rest;
    std::string point;  // where the split is, for messages ("after the encoder, before query selection")
    // Optional: an eager part before the captured one (a middle segment of a module chain, found by
    // the seam search); the graph's static input is then its output, and graphs are keyed by it.
    std::function<torch::Tensor(const torch::Tensor& batch)> head;
};

}  // namespace graphlens::families
