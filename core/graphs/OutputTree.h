#pragma once
// A network's output as a c10::IValue tree: a tensor, or tuples/lists/dicts of them (nested), plus
// scalars/strings/None that pass through untouched. The runner clones trees so a later replay
// cannot overwrite what a caller holds, and the parity check compares trees bit for bit.
#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <functional>
#include <string>

namespace graphlens::graphs {

// A copy of `tree` in which every tensor is cloned; the structure and non-tensor leaves are kept.
c10::IValue cloneTensors(const c10::IValue& tree);

// Calls `visit` for every tensor leaf, depth first (dict entries in insertion order).
void forEachTensor(const c10::IValue& tree, const std::function<void(const torch::Tensor&)>& visit);

// Copies each tensor of `source` into the matching tensor of `target` (same structure and shapes);
// throws std::runtime_error naming the path where they differ.
void copyTensorsInto(const c10::IValue& target, const c10::IValue& source);

struct TreeComparison {
    bool equal = true;          // same structure, same shapes/dtypes, every tensor bit-identical
    double maxAbsDiff = 0;      // over all tensors of matching shape (NaN when either has a NaN there)
    std::string firstMismatch;  // "out[1]['boxes']: values differ" etc.; empty when equal
};

// Bit-for-bit: floating tensors are compared as raw bits (so equal NaNs compare equal and -0 != +0).
TreeComparison compareBitwise(const c10::IValue& a, const c10::IValue& b);
bool bitEqual(const torch::Tensor& a, const torch::Tensor& b);

// Calls `call` twice and says whether the second output equals the first bit for bit: false for a
// model that draws random numbers or keeps state across calls (its eager output is no reference).
bool repeatsBitwise(const std::function<c10::IValue()>& call);

}  // namespace graphlens::graphs
