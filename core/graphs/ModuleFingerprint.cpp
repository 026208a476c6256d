#include "graphs/ModuleFingerprint.h"

namespace graphlens::graphs {

ModuleFingerprint::Entry ModuleFingerprint::entryOf(const torch::Tensor& t) {
    if (!t.defined()) return {};
    return {t.data_ptr(), t.scalar_type(), t.device()};
}

ModuleFingerprint ModuleFingerprint::of(const torch::nn::Module& module) {
    ModuleFingerprint fingerprint;
    for (const auto& p : module.parameters(/*recurse=*/true)) fingerprint.tensors_.push_back(p);
    for (const auto& b : module.buffers(/*recurse=*/true)) fingerprint.tensors_.push_back(b);
    for (const auto& t : fingerprint.tensors_) fingerprint.entries_.push_back(entryOf(t));
    return fingerprint;
}

bool ModuleFingerprint::replaced(std::size_t i) const {
    // Only this fingerprint still holds the tensor: the module let go of it, so it now reads another one.
    return tensors_[i].defined() && tensors_[i].use_count() == 1;
}

bool ModuleFingerprint::stillMatches() const {
    for (std::size_t i = 0; i < tensors_.size(); ++i) {
        if (replaced(i)) return false;
        const auto now = entryOf(tensors_[i]);
        if (now.data != entries_[i].data || now.dtype != entries_[i].dtype || now.device != entries_[i].device) {
            return false;
        }
    }
    return true;
}

bool ModuleFingerprint::matches(const torch::nn::Module& module) const {
    const auto now = of(module);
    if (now.entries_.size() != entries_.size()) return false;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (now.entries_[i].data != entries_[i].data || now.entries_[i].dtype != entries_[i].dtype ||
            now.entries_[i].device != entries_[i].device) {
            return false;
        }
    }
    return true;
}

std::string ModuleFingerprint::describeChange() const {
    for (std::size_t i = 0; i < tensors_.size(); ++i) {
        if (replaced(i)) return "parameter/buffer " + std::to_string(i) + " was replaced by a new tensor";
        const auto now = entryOf(tensors_[i]);
        const auto& was = entries_[i];
        if (now.device != was.device || now.dtype != was.dtype) {
            return "parameter/buffer " + std::to_string(i) + " moved from " + was.device.str() + " " +
                   c10::toString(was.dtype) + " to " + now.device.str() + " " + c10::toString(now.dtype);
        }
        if (now.data != was.data) return "parameter/buffer " + std::to_string(i) + " has new storage";
    }
    return "the module's parameters or buffers were replaced";
}

}  // namespace graphlens::graphs
