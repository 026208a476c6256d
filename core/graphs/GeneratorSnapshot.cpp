#include "graphs/GeneratorSnapshot.h"

#include <ATen/Context.h>

#include <mutex>

namespace graphlens::graphs {

GeneratorSnapshot::GeneratorSnapshot(c10::Device device)
    : generator_(at::globalContext().defaultGenerator(device.is_cuda() && !device.has_index()
                                                          ? c10::Device(c10::DeviceType::CUDA, 0)
                                                          : device)) {
    std::lock_guard<std::mutex> lock(generator_.mutex());
    state_ = generator_.get_state();
}

void GeneratorSnapshot::restore() const {
    auto generator = generator_;
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(state_);
}

}  // namespace graphlens::graphs
