#include "families/FamilyRegistry.h"

#include "families/ConvNeXtTiny.h"
#include "families/EfficientNetB0.h"
#include "families/Fomo.h"
#include "families/MobileNetV3Small.h"
#include "families/ResNet18.h"
#include "families/rtdetr/RtDetrFamily.h"
#include "families/segformer/SegformerFamily.h"
#include "families/yolo/YoloTFamily.h"

namespace graphlens::families {

const FamilyRegistry& FamilyRegistry::builtIn() {
    static const FamilyRegistry registry = [] {
        FamilyRegistry r;
        r.families_.push_back(makeResNet18Family());
        r.families_.push_back(makeMobileNetV3SmallFamily());
        r.families_.push_back(makeEfficientNetB0Family());
        r.families_.push_back(makeConvNeXtTinyFamily());
        r.families_.push_back(makeFomoFamily());
        r.families_.push_back(yolo::makeYoloTFamily());
        r.families_.push_back(segformer::makeSegformerB0Family());
        r.families_.push_back(rtdetr::makeRtDetrR18Family());
        return r;
    }();
    return registry;
}

const Family* FamilyRegistry::find(const std::string& name) const {
    for (const auto& family : families_) {
        if (family.name == name) return &family;
    }
    return nullptr;
}

std::string FamilyRegistry::knownNames() const {
    std::string names;
    for (const auto& family : families_) names += (names.empty() ? "" : ", ") + family.name;
    return names;
}

std::int64_t parameterCount(const torch::nn::Module& module) {
    std::int64_t count = 0;
    for (const auto& parameter : module.parameters()) count += parameter.numel();
    return count;
}

}  // namespace graphlens::families
