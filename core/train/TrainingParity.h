#pragma once
// The training half of the correctness contract (DESIGN §5). From one seeded state (weights,
// optimizer, scaler, the same fixed batches, the same RNG seed for dropout/stochastic depth): three
// eager runs and one graphed run of `steps` steps. Step-0 loss must be bit-identical and no
// BatchNorm buffer may differ more than eager differs from eager; the gradients and parameters
// after the last step are then classed, each against the nearest of the three eager runs:
//   exact           every element bit-identical;
//   1 ULP           no element more than one unit in the last place apart;
//   float rounding  at most 1% of the elements differ, none by more than 1e-5 of its tensor's
//                   largest magnitude;
//   eager noise     no further from the nearest eager run than twice the widest spread between the
//                   three eager runs, distances as the L2 norm of the whole difference;
//   mismatch        worse than all of these (the family must not declare this scope).
// cuDNN runs its deterministic kernels during the check (atomics in the fp32 backward would make
// eager differ from eager and hide what the graph does).
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "train/TrainingPrecision.h"

#include <torch/types.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace graphlens::train {

enum class NumericsClass { Exact, OneUlp, FloatRounding, EagerNoise, Mismatch };

// `eager noise`: graphed no further from eager than this many times the widest eager-vs-eager pair.
inline constexpr double kEagerSpreadMargin = 2.0;
const char* toString(NumericsClass numerics);  // "exact", "1 ULP", "float rounding", "eager noise", "mismatch"

struct TensorListDifference {
    double maxAbs = 0;
    std::int64_t maxUlp = 0;          // over floating-point elements of the same dtype
    std::int64_t differing = 0, elements = 0;
    double maxRelative = 0;           // largest |a - b| / max |b| over the tensors
    double l2 = 0;                    // sqrt of the sum of (a - b)^2 over every element: eager noise's yardstick
};
// a vs b, element by element (same shapes and dtypes; undefined tensors skipped).
TensorListDifference compareTensorLists(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b);
// The pair of a, b, c furthest apart (largest l2): eager's own spread over three runs.
TensorListDifference widestSpread(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b,
                                  const std::vector<torch::Tensor>& c);
// graphed vs the nearest (smallest l2) of three eager runs: each eager run is an equally
// valid reference, so where eager is not reproducible the graphed run is judged as one more draw.
TensorListDifference nearestDifference(const std::vector<torch::Tensor>& graphed, const std::vector<torch::Tensor>& a,
                                       const std::vector<torch::Tensor>& b, const std::vector<torch::Tensor>& c);
// graphed vs eager, with eager vs eager as the noise floor.
NumericsClass classify(const TensorListDifference& graphedVsEager, const TensorListDifference& eagerVsEager);

struct TrainingParityOptions {
    families::TrainingGraphScope scope = families::TrainingGraphScope::Step;
    TrainingPrecision precision = TrainingPrecision::Fp32;
    std::string optimizer = "sgd";
    int batch = 8;
    int imgsz = 0;  // 0: the family's default
    int steps = 6;
    torch::Device device = torch::kCPU;
    std::shared_ptr<graphs::CaptureBackend> backend;  // default: CUDA
};

// The check's batches: `count` pairs of (images, family.trainingTargets) for `batch` images of
// imgsz x imgsz, seeded on the CPU (the same in every run), then moved to `device`.
std::vector<std::pair<torch::Tensor, torch::Tensor>> syntheticTrainingBatches(const families::Family& family, int count,
                                                                            int batch, int imgsz, torch::Device device);

struct TrainingParityResult {
    std::string family, scope, precision, optimizer;
    bool lossZeroIdentical = false;
    // The graphed run's step 0 was a replay (network scope: its forward; step scope: the whole step),
    // so the step-0 comparison is a graph against eager. False when something kept step 0 eager.
    bool stepZeroReplayed = false;
    double lossZeroEager = 0, lossZeroGraphed = 0;
    TensorListDifference buffers, buffersNoise;
    TensorListDifference gradients, gradientsNoise;
    TensorListDifference parameters, parametersNoise;
    NumericsClass gradientClass = NumericsClass::Mismatch, parameterClass = NumericsClass::Mismatch;
    std::int64_t replayed = 0;
    int steps = 0;
    int batch = 0, imgsz = 0;  // the probe the check ran on
    std::string error;  // capture failed, or the run could not start

    // The verdict: the worse of the two classes, Mismatch when step 0 or a buffer disagrees.
    NumericsClass overall() const;
    bool acceptable() const { return error.empty() && overall() != NumericsClass::Mismatch; }
};

TrainingParityResult checkTrainingParity(const families::Family& family, const TrainingParityOptions& options);

}  // namespace graphlens::train
