#pragma once
// The checks `graphlens-cli train` makes before it writes anything: the arguments, the family, the
// dataset, the checkpoint to resume from and the output folder. Every failure is a
// TrainingInputError (exit 2) whose message names what is wrong.
#include "data/Dataset.h"
#include "families/Family.h"
#include "train/Checkpoint.h"
#include "train/TrainOptions.h"
#include "train/TrainingPrecision.h"

#include <torch/types.h>

#include <filesystem>

namespace graphlens::train {

struct TrainingInputs {
    families::Family family;    // with its head fitted to the dataset's classes
    int imgsz = 0;              // --imgsz, or the family's default
    TrainingPrecision precision = TrainingPrecision::Fp32;
    data::Dataset dataset;      // its task fits the family; a train split with at least one image
    torch::Device device = torch::kCPU;  // CUDA device 0 unless --cpu or there is none
    CheckpointInfo resumeFrom;  // --resume's header (same family and optimizer); empty without --resume
    std::filesystem::path out;  // --out, existing and writable
};

// The output folder is created last, once every other check has passed: a refused run leaves
// nothing behind.
TrainingInputs checkTrainingInputs(const TrainOptions& options);

}  // namespace graphlens::train
