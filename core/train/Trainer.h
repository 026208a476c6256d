#pragma once
// `graphlens-cli train`: a real training run over a dataset — the loader (worker threads, pinned
// memory, augmentation on the train split), the family's loss, SGD or AdamW with warm-up + cosine,
// fp32 / amp-fp16 (device-side gradient scaler) / amp-bf16, accumulation, clipping, a checkpoint
// after every epoch (resume gives the same next step), per-epoch validation, a CSV log of every
// optimizer step and a progress line with ETA. `cudaGraph` graphs the step through TrainingStep and
// is always safe: what cannot be graphed says why once and trains eagerly.
#include "train/TrainOptions.h"

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>

namespace graphlens::train {

struct TrainingReport {
    std::string family;
    std::string device;
    int epochs = 0;               // completed in this run (a resumed run counts from the checkpoint)
    std::int64_t microSteps = 0;
    std::int64_t optimizerSteps = 0;  // in the whole run, checkpoint included
    double wallSeconds = 0;
    double loaderWaitSeconds = 0;     // time the step waited for the loader
    std::string metricName;           // "top-1", "centroid-f1", "mAP50-95", or empty
    double metric = 0;                // the last epoch's validation value
    std::string metricDetail;         // a second figure beside it ("mAP50 0.412"), or empty
    std::string graphs;               // TrainingStep::describeGraphs()
    std::int64_t nonFiniteLosses = 0;
    std::filesystem::path checkpoint, log;
};

// Throws TrainingInputError (exit 2: checked before anything is written) or TrainingFailure (exit 1).
// Progress and warnings go to `progress`.
TrainingReport runTraining(const TrainOptions& options, std::ostream& progress);

std::string describe(const TrainingReport& report);  // the run summary, a few lines

}  // namespace graphlens::train
