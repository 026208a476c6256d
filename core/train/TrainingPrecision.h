#pragma once
// How a training step computes: fp32, amp-fp16 (autocast to half, with the gradient scaler) or
// amp-bf16 (autocast to bfloat16; bf16 has fp32's range, so no loss scaling).
#include <c10/core/Device.h>

#include <string>

namespace graphlens::train {

enum class TrainingPrecision { Fp32, AmpFp16, AmpBf16 };

const char* toString(TrainingPrecision precision);  // "fp32", "amp-fp16", "amp-bf16"
// Throws std::invalid_argument naming the accepted values.
TrainingPrecision parseTrainingPrecision(const std::string& text);
inline bool needsLossScaling(TrainingPrecision precision) { return precision == TrainingPrecision::AmpFp16; }

// Autocast on for the device's type while alive (nothing for fp32), with autocast's weight-cast
// cache off: a graph must not keep casts cached by another step (PyTorch's make_graphed_callables
// asks for cache_enabled=False for the same reason). Restores the previous state.
class AutocastScope {
public:
    AutocastScope(TrainingPrecision precision, c10::Device device);
    ~AutocastScope();
    AutocastScope(const AutocastScope&) = delete;
    AutocastScope& operator=(const AutocastScope&) = delete;

private:
    bool active_ = false;
    c10::DeviceType deviceType_ = c10::DeviceType::CPU;
    bool wasEnabled_ = false;
    bool cacheWasEnabled_ = true;
    c10::ScalarType previousDtype_ = c10::ScalarType::Float;
};

}  // namespace graphlens::train
