#pragma once
// What `graphlens-cli train` asks for (DESIGN §2).
#include <cstdint>
#include <string>
#include <vector>

namespace graphlens::train {

struct TrainOptions {
    std::string family;      // a built-in family, or
    std::string modelPath;   // a TorchScript file
    std::string task;        // with modelPath: classify | detect | other (default: classify)
    std::string data;        // a YOLO YAML, an ImageFolder folder, or empty for the built-in dataset
    int epochs = 1;
    int batch = 16;
    int imgsz = 0;           // 0: the family's default
    std::vector<int> multiScale;  // several sizes: batch k is multiScale[k % n] (multi-scale training)
    std::string precision = "fp32";   // fp32 | amp-fp16 | amp-bf16
    std::string optimizer = "sgd";    // sgd | adamw
    double learningRate = 0;          // 0: 0.01 for SGD, 0.001 for AdamW
    double weightDecay = -1;          // < 0: 5e-4 for SGD, 0.01 for AdamW
    double warmupEpochs = 1;          // linear warm-up, then cosine to 1% of the rate
    int accumulation = 1;
    double clipNorm = 0;              // > 0: clip the gradients' total norm
    bool cudaGraph = false;
    std::string graphScope = "step";  // network | step
    std::string outDir = "graphlens-train";
    std::string resume;               // a checkpoint to continue from
    int workers = 2;
    std::uint64_t seed = 0;
    bool cpu = false;                 // train on the CPU even when a GPU is present
    std::int64_t maxSteps = 0;        // > 0: stop after this many micro-steps (benchmarks, tests)
    std::int64_t injectGraphFailureAt = -1;  // test hook: the graph capture/replay at this micro-step fails
};

}  // namespace graphlens::train
