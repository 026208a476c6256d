#pragma once
// What a captured graph depends on besides its input: the storage of the module's parameters and
// buffers. Moving the module (device/dtype) or loading weights into new storage changes the data
// pointers (libtorch's Module::to uses set_data, so the Tensor handles stay the same); a graph
// recorded against the old addresses must not be replayed.
#include <torch/nn/module.h>
#include <torch/types.h>

#include <string>
#include <vector>

namespace graphlens::graphs {

class ModuleFingerprint {
public:
    ModuleFingerprint() = default;
    // Walks parameters and buffers recursively (allocates names: call at capture time, not per call).
    static ModuleFingerprint of(const torch::nn::Module& module);

    // Cheap per-call check, no allocation: re-reads the data pointers of the tensors recorded by of(),
    // and notices a tensor the module no longer holds (register_parameter/register_buffer or a
    // TorchScript attribute set to a new tensor): then this fingerprint is its last owner. A
    // replaced tensor that something else still holds (a handle kept by the caller, an optimizer)
    // is only caught by matches(), which runs before every capture.
    bool stillMatches() const;
    // Full check: re-walks the module (also catches a parameter replaced by a new tensor).
    bool matches(const torch::nn::Module& module) const;

    bool empty() const { return tensors_.empty(); }
    std::size_t size() const { return tensors_.size(); }
    std::string describeChange() const;  // "parameter/buffer 3 moved from cuda:0 Float to cpu Double"

private:
    struct Entry {
        const void* data = nullptr;
        c10::ScalarType dtype = c10::ScalarType::Undefined;
        c10::Device device = c10::Device(c10::DeviceType::CPU);
    };
    static Entry entryOf(const torch::Tensor& t);
    bool replaced(std::size_t i) const;
    std::vector<torch::Tensor> tensors_;  // the handles (set_data keeps them, changes their storage)
    std::vector<Entry> entries_;          // as recorded
};

}  // namespace graphlens::graphs
