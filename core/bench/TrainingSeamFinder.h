#pragma once
// `verify --training --find-seam`: the seam search for training. A family that describes its training
// forward as a chain (families/TrainingChain.h) is searched for the longest prefix whose forward and
// backward capture in `network` scope: each trial is the training parity check (train/TrainingParity.h)
// of the split that captures the prefix and runs the rest eagerly with the targets. The found split is
// compared with the family's declared training seam where it has one (rtdetr-r18: found from its chain,
// it must be the encoder side), and measured: the captured part's share of the eager step (phase pass)
// and the split's speedup over eager training steps (timed interleaved steps, the sweep's procedure).
#include "families/ChainSeamSearch.h"
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "train/TrainingPrecision.h"

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

struct TrainingSeamFinderOptions {
    train::TrainingPrecision precision = train::TrainingPrecision::Fp32;
    std::string optimizer = "sgd";
    int batch = 8;
    int imgsz = 0;  // 0: the family's default
    int paritySteps = 6;
    torch::Device device = torch::kCPU;
    std::shared_ptr<graphs::CaptureBackend> backend;  // default: CUDA
    // One trial: the family as it trains when links [0, end) are its captured part (`trial` family,
    // network scope). Default: the training parity check. Tests give a stand-in (the CPU's fake
    // capture cannot replay a network-scope backward).
    std::function<families::SegmentTrial(const families::Family& trial, std::size_t end)> tryPrefix;
    bool measure = true;  // time the found split (share and speedup); needs a CUDA device
    int timedSteps = 20;  // per arm and round
    int repeats = 3;      // rounds
};

struct TrainingSeamFinding {
    // found: a prefix was captured with the training check passing; whole: every link; none: not even
    // the first link; not-a-chain: the family has no training chain, or its links do not give its
    // training forward (why says how).
    std::string status;
    std::string why;
    std::vector<std::string> links;
    std::vector<bool> linksReadTargets;
    std::optional<std::size_t> end;  // links [0, end) captured
    std::string point;               // "after encoder_side.encoder, before decoder_side"
    std::string firstBrokenLink, brokenWhy;
    std::string parityClass;         // the found split's training check ("exact", "eager noise")
    std::string declaredPoint;       // the family's declared training seam; empty when it has none
    // The found captured part holds exactly the parameters of the declared seam's captured part.
    std::optional<bool> sameAsDeclared;
    std::optional<double> capturedShare;               // of the eager training step, 0..1
    std::optional<double> eagerMs, splitMs, speedup;   // medians of the timed steps
    std::string notMeasured;                           // why the split could not be timed
    std::vector<families::SegmentTrialLog> trials;

    std::string text() const;
    nlohmann::json json() const;
};

// The family as it trains when links [0, end) of its training chain are the captured part.
families::Family trainingPrefixFamily(const families::Family& family, std::size_t end);

TrainingSeamFinding findTrainingSeam(const families::Family& family, const TrainingSeamFinderOptions& options);

}  // namespace graphlens::bench
