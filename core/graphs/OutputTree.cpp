#include "graphs/OutputTree.h"

#include <cmath>
#include <stdexcept>

namespace graphlens::graphs {

namespace {

std::string keyText(const c10::IValue& key) {
    if (key.isString()) return "'" + key.toStringRef() + "'";
    if (key.isInt()) return std::to_string(key.toInt());
    return key.tagKind();
}

c10::IValue mapTensors(const c10::IValue& tree,
                       const std::function<torch::Tensor(const torch::Tensor&)>& map) {
    if (tree.isTensor()) {
        const auto& t = tree.toTensor();
        return t.defined() ? c10::IValue(map(t)) : tree;
    }
    if (tree.isTuple()) {
        std::vector<c10::IValue> elements;
        for (const auto& element : tree.toTupleRef().elements()) elements.push_back(mapTensors(element, map));
        return c10::ivalue::Tuple::create(std::move(elements));
    }
    if (tree.isTensorList()) {
        const auto source = tree.toTensorList();
        c10::List<torch::Tensor> list;
        for (std::size_t i = 0; i < source.size(); ++i) {
            const torch::Tensor t = source.get(i);
            list.push_back(t.defined() ? map(t) : t);
        }
        return list;
    }
    if (tree.isList()) {
        auto source = tree.toList();
        c10::impl::GenericList list(source.elementType());
        for (std::size_t i = 0; i < source.size(); ++i) list.push_back(mapTensors(source.get(i), map));
        return list;
    }
    if (tree.isGenericDict()) {
        auto source = tree.toGenericDict();
        c10::impl::GenericDict dict(source.keyType(), source.valueType());
        for (const auto& entry : source) dict.insert(entry.key(), mapTensors(entry.value(), map));
        return dict;
    }
    return tree;  // None, numbers, strings, ...: immutable leaves
}

void walkPairs(const c10::IValue& a, const c10::IValue& b, const std::string& path,
               const std::function<void(const torch::Tensor&, const torch::Tensor&, const std::string&)>& onTensors,
               const std::function<void(const std::string&)>& onMismatch) {
    if (a.isTensor() && b.isTensor()) return onTensors(a.toTensor(), b.toTensor(), path);
    if (a.isTuple() && b.isTuple()) {
        const auto& ea = a.toTupleRef().elements();
        const auto& eb = b.toTupleRef().elements();
        if (ea.size() != eb.size()) return onMismatch(path + ": tuple sizes differ");
        for (std::size_t i = 0; i < ea.size(); ++i) {
            walkPairs(ea[i], eb[i], path + "[" + std::to_string(i) + "]", onTensors, onMismatch);
        }
        return;
    }
    if (a.isList() && b.isList()) {
        const auto la = a.toList();
        const auto lb = b.toList();
        if (la.size() != lb.size()) return onMismatch(path + ": list sizes differ");
        for (std::size_t i = 0; i < la.size(); ++i) {
            walkPairs(la.get(i), lb.get(i), path + "[" + std::to_string(i) + "]", onTensors, onMismatch);
        }
        return;
    }
    if (a.isGenericDict() && b.isGenericDict()) {
        const auto da = a.toGenericDict();
        const auto db = b.toGenericDict();
        if (da.size() != db.size()) return onMismatch(path + ": dict sizes differ");
        for (const auto& entry : da) {
            if (!db.contains(entry.key())) return onMismatch(path + ": key " + keyText(entry.key()) + " missing");
            walkPairs(entry.value(), db.at(entry.key()), path + "[" + keyText(entry.key()) + "]", onTensors,
                      onMismatch);
        }
        return;
    }
    if (a.isTensor() || b.isTensor() || a.tagKind() != b.tagKind()) {
        return onMismatch(path + ": " + a.tagKind() + " vs " + b.tagKind());
    }
    if (!(a == b)) onMismatch(path + ": values differ");
}

c10::ScalarType sameSizeIntegerType(const torch::Tensor& t) {
    switch (t.element_size()) {
        case 1: return torch::kUInt8;
        case 2: return torch::kInt16;
        case 4: return torch::kInt32;
        default: return torch::kInt64;
    }
}

}  // namespace

c10::IValue cloneTensors(const c10::IValue& tree) {
    return mapTensors(tree, [](const torch::Tensor& t) { return t.clone(); });
}

void forEachTensor(const c10::IValue& tree, const std::function<void(const torch::Tensor&)>& visit) {
    (void)mapTensors(tree, [&](const torch::Tensor& t) {
        visit(t);
        return t;
    });
}

void copyTensorsInto(const c10::IValue& target, const c10::IValue& source) {
    walkPairs(
        target, source, "out",
        [](const torch::Tensor& to, const torch::Tensor& from, const std::string& path) {
            if (to.sizes() != from.sizes()) {
                throw std::runtime_error(path + ": shape changed between capture and replay");
            }
            torch::NoGradGuard noGrad;
            const_cast<torch::Tensor&>(to).copy_(from);
        },
        [](const std::string& what) { throw std::runtime_error(what); });
}

bool bitEqual(const torch::Tensor& a, const torch::Tensor& b) {
    if (!a.defined() || !b.defined()) return a.defined() == b.defined();
    if (a.scalar_type() != b.scalar_type() || a.sizes() != b.sizes() || a.device() != b.device()) return false;
    if (a.is_complex() || a.scalar_type() == torch::kBool) return torch::equal(a, b);
    if (!a.is_floating_point()) return torch::equal(a, b);
    const auto bits = sameSizeIntegerType(a);
    return torch::equal(a.contiguous().view(bits), b.contiguous().view(bits));
}

TreeComparison compareBitwise(const c10::IValue& a, const c10::IValue& b) {
    TreeComparison result;
    auto mismatch = [&](const std::string& what) {
        if (result.equal) result.firstMismatch = what;
        result.equal = false;
    };
    walkPairs(
        a, b, "out",
        [&](const torch::Tensor& ta, const torch::Tensor& tb, const std::string& path) {
            if (!ta.defined() || !tb.defined()) {
                if (ta.defined() != tb.defined()) mismatch(path + ": undefined tensor on one side");
                return;
            }
            if (ta.scalar_type() != tb.scalar_type() || ta.sizes() != tb.sizes()) {
                return mismatch(path + ": shape or dtype differs");
            }
            if (bitEqual(ta, tb)) return;
            mismatch(path + ": values differ");
            if (ta.numel() == 0 || ta.is_complex()) return;
            torch::NoGradGuard noGrad;
            const auto diff = (ta.to(torch::kDouble) - tb.to(ta.device(), torch::kDouble)).abs().max().item<double>();
            if (std::isnan(diff)) {
                result.maxAbsDiff = diff;
            } else if (!std::isnan(result.maxAbsDiff) && diff > result.maxAbsDiff) {
                result.maxAbsDiff = diff;
            }
        },
        mismatch);
    return result;
}

bool repeatsBitwise(const std::function<c10::IValue()>& call) {
    const auto first = cloneTensors(call());
    return compareBitwise(first, call()).equal;
}

}  // namespace graphlens::graphs
