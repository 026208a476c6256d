#include "graphs/ModuleForward.h"

#include <c10/util/Type.h>

#include <stdexcept>
#include <tuple>

namespace graphlens::graphs {

c10::IValue toIValue(torch::nn::AnyValue&& value) {
    if (auto* t = value.try_get<torch::Tensor>()) return *t;
    if (auto* v = value.try_get<c10::IValue>()) return *v;
    if (auto* list = value.try_get<std::vector<torch::Tensor>>()) return c10::List<torch::Tensor>(*list);
    if (auto* pair = value.try_get<std::tuple<torch::Tensor, torch::Tensor>>()) {
        return c10::ivalue::Tuple::create(std::get<0>(*pair), std::get<1>(*pair));
    }
    if (auto* triple = value.try_get<std::tuple<torch::Tensor, torch::Tensor, torch::Tensor>>()) {
        return c10::ivalue::Tuple::create(std::get<0>(*triple), std::get<1>(*triple), std::get<2>(*triple));
    }
    if (auto* dict = value.try_get<c10::Dict<std::string, torch::Tensor>>()) return *dict;
    throw std::runtime_error("the graph runner cannot handle a forward returning " +
                             c10::demangle(value.type_info().name()) +
                             " (supported: Tensor, IValue, vector<Tensor>, tuple of 2-3 Tensors, "
                             "Dict<string, Tensor>)");
}

GraphBody forwardOf(torch::nn::AnyModule network) {
    return [network](const torch::Tensor& x) mutable { return toIValue(network.any_forward(x)); };
}

}  // namespace graphlens::graphs
