#include "train/TrainingPrecision.h"

#include <ATen/autocast_mode.h>

#include <stdexcept>

namespace graphlens::train {

const char* toString(TrainingPrecision precision) {
    switch (precision) {
        case TrainingPrecision::Fp32: return "fp32";
        case TrainingPrecision::AmpFp16: return "amp-fp16";
        case TrainingPrecision::AmpBf16: return "amp-bf16";
    }
    return "fp32";
}

TrainingPrecision parseTrainingPrecision(const std::string& text) {
    if (text == "fp32") return TrainingPrecision::Fp32;
    if (text == "amp-fp16") return TrainingPrecision::AmpFp16;
    if (text == "amp-bf16") return TrainingPrecision::AmpBf16;
    throw std::invalid_argument("training precision '" + text + "': expected fp32, amp-fp16 or amp-bf16");
}

AutocastScope::AutocastScope(TrainingPrecision precision, c10::Device device) {
    if (precision == TrainingPrecision::Fp32) return;
    active_ = true;
    deviceType_ = device.type();
    wasEnabled_ = at::autocast::is_autocast_enabled(deviceType_);
    previousDtype_ = at::autocast::get_autocast_dtype(deviceType_);
    cacheWasEnabled_ = at::autocast::is_autocast_cache_enabled();
    at::autocast::set_autocast_dtype(deviceType_,
                                     precision == TrainingPrecision::AmpFp16 ? at::kHalf : at::kBFloat16);
    at::autocast::set_autocast_enabled(deviceType_, true);
    at::autocast::set_autocast_cache_enabled(false);
}

AutocastScope::~AutocastScope() {
    if (!active_) return;
    at::autocast::set_autocast_enabled(deviceType_, wasEnabled_);
    at::autocast::set_autocast_dtype(deviceType_, previousDtype_);
    at::autocast::set_autocast_cache_enabled(cacheWasEnabled_);
}

}  // namespace graphlens::train
