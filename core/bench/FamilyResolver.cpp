#include "bench/FamilyResolver.h"

#include "bench/UsageError.h"
#include "bench/UserModelLoader.h"
#include "families/FamilyRegistry.h"

namespace graphlens::bench {

families::Family resolveFamily(const results::SweepPlan& plan) {
    if (!plan.model.empty()) {
        UserModelRequest request;
        request.path = plan.model;
        request.task = plan.task;
        request.imgsz = plan.imgsz;
        request.jit = plan.jit;
        request.autoSeam = plan.autoSeam;
        request.dtype = plan.precision == "fp16" ? torch::kHalf : torch::kFloat;
        return loadUserModel(request).family;
    }
    return builtInFamily(plan.family);
}

const families::Family& builtInFamily(const std::string& name) {
    const auto& registry = families::FamilyRegistry::builtIn();
    const auto* family = registry.find(name);
    if (!family) throw UsageError("unknown family '" + name + "' (known: " + registry.knownNames() + ")");
    return *family;
}

}  // namespace graphlens::bench
