#include "families/TrainingSeam.h"

#include "families/Family.h"

#include <stdexcept>

namespace graphlens::families {

std::optional<TrainingSeam> trainingSeamOf(const Family& family, torch::nn::AnyModule& network) {
    if (family.training.seam.empty()) return std::nullopt;
    auto seam = family.trainingSeam ? family.trainingSeam(network) : std::nullopt;
    if (!seam || !seam->captured || !seam->capturedForward || !seam->rest) {
        throw std::logic_error(family.name + " declares a training seam (" + family.training.seam +
                               ") but gives no split for its network");
    }
    if (seam->point.empty()) seam->point = family.training.seam;
    return seam;
}

}  // namespace graphlens::families
