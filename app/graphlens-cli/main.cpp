// graphlens-cli: list, env, sweep, verify, train, worker. Argument parsing only; the work lives in core/.
// Exit codes: 0 success, 1 a run failed (the message says why), 2 bad arguments or input.
#include "bench/ConsoleSweepEvents.h"
#include "bench/Environment.h"
#include "bench/FamilyListing.h"
#include "bench/FamilyResolver.h"
#include "bench/ProfiledPass.h"
#include "bench/ProtocolSweepEvents.h"
#include "bench/SweepSession.h"
#include "bench/UserModelLoader.h"
#include "bench/VerifyProcesses.h"
#include "graphlens/config.h"
#include "results/ResultsError.h"
#include "results/SweepPlan.h"
#include "results/TextFile.h"

#if GRAPHLENS_HAVE_DATASETS
#include "bench/DatasetCheck.h"
#include "families/FamilyRegistry.h"
#include "train/Trainer.h"
#include "train/TrainingErrors.h"
#include "train/TrainingVerify.h"
#endif

#include <CLI/CLI.hpp>
#include <torch/cuda.h>
#include <c10/util/Exception.h>

#include <iostream>

namespace {

using graphlens::bench::UsageError;
namespace results = graphlens::results;

constexpr int kRunFailed = 1;
constexpr int kBadArguments = 2;

int usageError(const std::string& message) {
    std::cerr << "graphlens-cli: " << message << "\n";
    return kBadArguments;
}

// First line of a libtorch error: the rest is a C++ backtrace.
std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

int runSweep(const results::SweepPlan& plan) {
    graphlens::bench::ConsoleSweepEvents events(std::cerr);
    const auto result = graphlens::bench::runSweepSession(plan, events);
    for (const auto& path : result.outputs) std::cout << "wrote " << path << "\n";
    if (result.exitCode != 0) std::cerr << "graphlens-cli: some rows failed (see status/message)\n";
    return result.exitCode;
}

torch::Dtype dtypeOf(const std::string& precision) {
    if (precision != "fp32" && precision != "fp16") throw UsageError("precision '" + precision + "': expected fp32 or fp16");
    return precision == "fp16" ? torch::kHalf : torch::kFloat;
}

// `--model file.pt [--task T] [--imgsz N]`, shared by list, verify and sweep.
struct ModelOptions {
    std::string path;
    std::string task;
    std::string jit = "fuse";
    int imgsz = 0;

    void addTo(CLI::App& command) {
        command.add_option("--model", path, "a TorchScript file (torch.jit.trace/script + torch.jit.save)");
        command.add_option("--task", task, "with --model: classify | detect | segment | other (default: from its output)");
        command.add_option("--jit", jit, "with --model: fuse (TorchScript executor and fuser, as a C++ user runs it) | "
                                         "off (op by op)")->capture_default_str();
    }
    graphlens::bench::UserModelRequest request(const std::string& precision, bool decideSupport) const {
        graphlens::bench::UserModelRequest r;
        r.path = path;
        r.task = task;
        r.imgsz = imgsz;
        r.jit = jit;
        r.dtype = dtypeOf(precision);
        r.decideSupport = decideSupport;
        return r;
    }
};

int runList(bool json, const ModelOptions& model, const std::string& precision) {
    if (model.path.empty()) {
        std::cout << (json ? graphlens::bench::familyListingJson().dump(2) + "\n" : graphlens::bench::familyListingTable());
        return 0;
    }
    const std::vector<graphlens::families::Family> families{
        graphlens::bench::loadUserModel(model.request(precision, /*decideSupport=*/true)).family};
    std::cout << (json ? graphlens::bench::familyListingJson(families).dump(2) + "\n"
                       : graphlens::bench::familyListingTable(families));
    return 0;
}

int runVerify(const std::string& familyName, const ModelOptions& model, bool all, bool json,
              const std::string& precision, int batch, const std::string& memoryFormat) {
    const auto dtype = dtypeOf(precision);
    if (batch < 1) throw UsageError("batch " + std::to_string(batch) + " is impossible (expected 1 or more)");
    if (memoryFormat != "nchw" && memoryFormat != "channels_last") {
        throw UsageError("memory format '" + memoryFormat + "' is not supported (expected nchw or channels_last)");
    }
    std::vector<graphlens::bench::VerifyRow> rows;
    if (!model.path.empty()) {
        // The check on load is the verification: run it once, here, and print its row.
        auto family = graphlens::bench::loadUserModel(model.request(precision, /*decideSupport=*/false)).family;
        graphlens::bench::VerifyOptions options;
        options.batch = batch;
        options.dtype = dtype;
        options.imgsz = family.defaultImgsz;
        options.memoryFormat = memoryFormat;
        rows.push_back(graphlens::bench::verifyFamily(graphlens::bench::withSupportToBeChecked(family), options));
    } else if (all) {
        rows = graphlens::bench::verifyAllInChildProcesses(
            {"--precision", precision, "--batch", std::to_string(batch), "--memory-format", memoryFormat});
    } else {
        if (familyName.empty()) throw UsageError("verify needs --family F, --model file.pt or --all");
        const auto* family = &graphlens::bench::builtInFamily(familyName);
        graphlens::bench::VerifyOptions options;
        options.batch = batch;
        options.dtype = dtype;
        options.memoryFormat = memoryFormat;
        rows.push_back(graphlens::bench::verifyFamily(*family, options));
    }
    std::cout << (json ? graphlens::bench::verifyJson(rows).dump(2) + "\n" : graphlens::bench::verifyTable(rows));
    return graphlens::bench::verifyExitCode(rows);
}

// The profiled pass of a sweep: protocol lines on stdout for the parent sweep to read.
int runProfilePass(const std::string& planPath, const std::string& sessionId, graphlens::profiler::CuptiRecords records) {
    graphlens::bench::ProtocolSweepEvents events(std::cout);
    const auto document = nlohmann::json::parse(results::readTextFile(planPath), nullptr, false);
    const auto plan = results::sweepPlanFromJson(document, planPath);
    const auto family = graphlens::bench::resolveFamily(plan);
    const graphlens::bench::BenchmarkBatch batches(plan.data, family.task, plan.seed, events);
    graphlens::bench::runProfiledPass(plan, family, sessionId, events, &batches, records);
    return 0;
}

int runWorker(const std::string& planPath) {
    graphlens::bench::ProtocolSweepEvents events(std::cout);
    events.send(results::helloEvent(GRAPHLENS_VERSION, graphlens::bench::collectEnvironment()));
    try {
        const std::string text =
            planPath.empty() ? std::string(std::istreambuf_iterator<char>(std::cin), {})
                             : results::readTextFile(planPath);
        const std::string source = planPath.empty() ? "<stdin>" : planPath;
        const auto document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (document.is_discarded()) throw UsageError(source + ": the sweep plan is not valid JSON");
        const auto plan = results::sweepPlanFromJson(document, source);
        const auto result = graphlens::bench::runSweepSession(plan, events);
        events.send(results::doneEvent(result.exitCode == 0, result.rows, result.outputs, result.environment));
        return result.exitCode;
    } catch (const UsageError& error) {
        events.send(results::errorEvent(error.what()));
        events.send(results::doneEvent(false, 0, {}));
        return kBadArguments;
    } catch (const results::ResultsError& error) {
        events.send(results::errorEvent(error.what()));
        events.send(results::doneEvent(false, 0, {}));
        return kBadArguments;
    } catch (const std::exception& error) {
        events.send(results::errorEvent(firstLine(error.what())));
        events.send(results::doneEvent(false, 0, {}));
        return kRunFailed;
    }
}

#if GRAPHLENS_HAVE_DATASETS
int runTrain(const graphlens::train::TrainOptions& options) {
    try {
        const auto report = graphlens::train::runTraining(options, std::cerr);
        std::cout << graphlens::train::describe(report);
        return 0;
    } catch (const graphlens::train::TrainingInputError& error) {
        return usageError(firstLine(error.what()));
    } catch (const graphlens::train::TrainingFailure& error) {
        std::cerr << "graphlens-cli: " << firstLine(error.what()) << "\n";
        return kRunFailed;
    }
}

// verify's --precision for the training check: fp16 means amp-fp16 (training autocasts).
graphlens::train::TrainingPrecision trainingPrecisionOf(const std::string& precision) {
    try {
        return graphlens::train::parseTrainingPrecision(precision == "fp16" ? "amp-fp16" : precision);
    } catch (const std::invalid_argument& error) {
        throw UsageError(error.what());
    }
}

// verify --training: the training parity check per family and declared scope.
// Exit 0 when the dataset opens, 2 when it does not (the message names the file and line).
int runDataCheck(const std::string& data, bool json) {
    const auto result = graphlens::bench::checkDataset(data);
    if (json) {
        std::cout << graphlens::bench::toJson(result).dump() << "\n";
    } else if (result.ok) {
        std::cout << result.summary << "\n";
        for (const auto& warning : result.warnings) std::cerr << "warning: " << warning << "\n";
    } else {
        std::cerr << "graphlens-cli: " << result.error << "\n";
    }
    return result.ok ? 0 : kBadArguments;
}

int runVerifyTraining(const std::string& familyName, bool all, bool json, const std::string& precision,
                      const std::string& optimizer) {
    std::vector<graphlens::families::Family> families;
    if (all) {
        families = graphlens::families::FamilyRegistry::builtIn().all();
    } else {
        if (familyName.empty()) throw UsageError("verify --training needs --family F or --all");
        families.push_back(graphlens::bench::builtInFamily(familyName));
    }
    const auto trainingPrecision = trainingPrecisionOf(precision);
    const torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    if (optimizer != "sgd" && optimizer != "adamw") throw UsageError("--optimizer must be sgd or adamw, not '" + optimizer + "'");
    const auto rows = graphlens::train::verifyTraining(families, trainingPrecision, optimizer, device);
    std::cout << (json ? graphlens::train::trainingVerifyJson(rows).dump(2) + "\n" : graphlens::train::trainingVerifyTable(rows));
    return graphlens::train::trainingVerifyExitCode(rows);
}
#endif

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"GraphLens: what CUDA graphs buy for vision models, and why", "graphlens-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", GRAPHLENS_VERSION);

    bool listJson = false;
    ModelOptions listModel;
    std::string listPrecision = "fp32";
    auto* list = app.add_subcommand("list", "families: task, default size, parameters, graph support");
    list->add_flag("--json", listJson, "machine-readable output");
    listModel.addTo(*list);
    list->add_option("--imgsz", listModel.imgsz, "with --model: input size (default 224)");
    list->add_option("--precision", listPrecision, "with --model: precision of the parity check")->capture_default_str();

    bool envJson = false;
    auto* env = app.add_subcommand("env", "GPU, driver, CUDA, libtorch, OS");
    env->add_flag("--json", envJson, "machine-readable output");

    results::SweepPlan plan;
    std::string batches = "1,8,32";
    ModelOptions sweepModel;
    auto* sweep = app.add_subcommand("sweep", "time eager vs graphed inference and training steps over batch sizes");
    auto* sweepFamily = sweep->add_option("--family", plan.family, "model family (see `list`)")->capture_default_str();
    sweepModel.addTo(*sweep);
    sweep->get_option("--model")->excludes(sweepFamily);
    sweep->add_option("--data", plan.data,
                      "dataset: a YOLO data.yaml, an ImageFolder root, or nothing for the built-in one");
    sweep->add_option("--batch", batches, "batch sizes, comma separated")->capture_default_str();
    sweep->add_option("--imgsz", plan.imgsz, "square input size (0: family default)")->capture_default_str();
    sweep->add_option("--precision", plan.precision,
                      "fp32 | fp16 | amp-fp16 | amp-bf16 (training autocasts: fp16 is amp-fp16 there; amp-bf16 trains only)")
        ->capture_default_str();
    std::string phases = "infer", graphScopes = "network,step";
    sweep->add_option("--phase", phases, "infer, train or infer,train (training steps: data, forward, loss, backward, optimizer)")
        ->capture_default_str();
    sweep->add_option("--graph-scope", graphScopes,
                      "training graph scopes, comma separated: network (forward+backward graphed), step (whole step)")
        ->capture_default_str();
    sweep->add_option("--optimizer", plan.optimizer, "training steps: sgd | adamw")->capture_default_str();
    sweep->add_option("--graph", plan.graph, "graph mode of the graphed arm: on | auto")->capture_default_str();
    std::string memoryFormats = "nchw";
    sweep->add_option("--memory-format", memoryFormats, "nchw | channels_last, comma separated (a sweep dimension)")
        ->capture_default_str();
    sweep->add_option("--scope", plan.scope, "step (upload + network + postprocess, what a predict call does) | "
                                             "network (the network alone)")->capture_default_str();
    sweep->add_option("--repeats", plan.repeats, "rounds of alternating arm blocks")->capture_default_str();
    sweep->add_option("--steps", plan.steps, "timed steps per arm in each round")->capture_default_str();
    sweep->add_option("--warmup", plan.warmup, "untimed warm-up steps per arm")->capture_default_str();
    sweep->add_option("--seed", plan.seed, "seed of weights and input batch")->capture_default_str();
    sweep->add_option("--csv", plan.csv, "write the rows as CSV");
    sweep->add_option("--json", plan.json, "write the session (plan, environment, rows) as JSON");
    sweep->add_option("--autosave", plan.autosave, "JSONL file each row is appended to as it is measured");
    sweep->add_option("--trace", plan.trace, "write the profiled steps as Chrome trace JSON (Perfetto)");
    sweep->add_option("--profile-steps", plan.profileSteps, "steps per arm in the profiled pass")->capture_default_str();
    bool noProfile = false;
    sweep->add_flag("--no-profile", noProfile, "skip the CUPTI profiled pass");

    std::string verifyFamily, verifyPrecision = "fp32";
    bool verifyAll = false, verifyJson = false;
    int verifyBatch = 2;
    auto* verify = app.add_subcommand("verify", "graphed output == eager output, bit for bit (DESIGN §5)");
    ModelOptions verifyModel;
    auto* familyOption = verify->add_option("--family", verifyFamily, "one family");
    verifyModel.addTo(*verify);
    auto* modelOption = verify->get_option("--model");
    modelOption->excludes(familyOption);
    verify->add_option("--imgsz", verifyModel.imgsz, "with --model: input size (default 224)");
    verify->add_flag("--all", verifyAll, "every registered family, each in its own process")
        ->excludes(familyOption)
        ->excludes(modelOption);
    verify->add_flag("--json", verifyJson, "machine-readable output");
    verify->add_option("--precision", verifyPrecision, "fp32 | fp16")->capture_default_str();
    verify->add_option("--batch", verifyBatch, "probe batch size")->capture_default_str();
    bool verifyTrainingFlag = false;
    verify->add_flag("--training", verifyTrainingFlag,
                     "the training check instead: step-0 loss, gradients and parameters after 6 steps, graphed vs eager "
                     "(precision fp32, fp16 = amp-fp16, amp-bf16)");
    std::string verifyOptimizer = "sgd";
    verify->add_option("--optimizer", verifyOptimizer, "with --training: sgd | adamw")->capture_default_str();
    std::string verifyMemoryFormat = "nchw";
    verify->add_option("--memory-format", verifyMemoryFormat, "nchw | channels_last: network and probes")
        ->capture_default_str();

#if GRAPHLENS_HAVE_DATASETS
    graphlens::train::TrainOptions trainOptions;
    std::string trainScales;
    auto* train = app.add_subcommand("train", "train a family on a dataset, eagerly or with CUDA graphs");
    auto* trainFamily = train->add_option("--family", trainOptions.family, "model family (see `list`)");
    train->add_option("--model", trainOptions.modelPath, "a TorchScript file to train instead")->excludes(trainFamily);
    train->add_option("--task", trainOptions.task, "with --model: classify | detect | other (default classify)");
    train->add_option("--data", trainOptions.data, "a YOLO data.yaml, an ImageFolder root, or nothing for the built-in dataset");
    train->add_option("--epochs", trainOptions.epochs, "epochs")->capture_default_str();
    train->add_option("--batch", trainOptions.batch, "images per step")->capture_default_str();
    train->add_option("--imgsz", trainOptions.imgsz, "square input size (0: family default)")->capture_default_str();
    train->add_option("--multi-scale", trainScales, "image sizes, comma separated: batch k uses size k mod n");
    train->add_option("--precision", trainOptions.precision, "fp32 | amp-fp16 | amp-bf16")->capture_default_str();
    train->add_option("--optimizer", trainOptions.optimizer, "sgd | adamw")->capture_default_str();
    train->add_option("--lr", trainOptions.learningRate, "peak learning rate (0: 0.01 for SGD, 0.001 for AdamW)");
    train->add_option("--warmup-epochs", trainOptions.warmupEpochs, "linear warm-up before the cosine decay")->capture_default_str();
    train->add_option("--accumulate", trainOptions.accumulation, "micro-steps per optimizer step")->capture_default_str();
    train->add_option("--clip", trainOptions.clipNorm, "clip the gradients' total norm (0: off)")->capture_default_str();
    train->add_flag("--cuda-graph", trainOptions.cudaGraph, "graph the training step where it is safe (says why when not)");
    train->add_option("--graph-scope", trainOptions.graphScope, "network (forward+backward graphed) | step (whole step)")
        ->capture_default_str();
    train->add_option("--out", trainOptions.outDir, "folder for train.csv and last.ckpt")->capture_default_str();
    train->add_option("--resume", trainOptions.resume, "continue from a checkpoint (last.ckpt)");
    train->add_option("--workers", trainOptions.workers, "loader threads")->capture_default_str();
    train->add_option("--seed", trainOptions.seed, "seed of weights, order and augmentation")->capture_default_str();
    train->add_flag("--cpu", trainOptions.cpu, "train on the CPU even when a GPU is present");
    train->add_option("--max-steps", trainOptions.maxSteps, "stop after this many steps (0: all epochs)");
    auto* inject = train->add_option("--inject-graph-failure", trainOptions.injectGraphFailureAt,
                                     "testing: make the graph capture/replay at this step fail");
    inject->group("");

    std::string checkData;
    bool checkJson = false;
    auto* dataCheck = app.add_subcommand("data-check", "open a dataset as a run would and say what it holds, or what is wrong");
    dataCheck->add_option("data", checkData, "a YOLO data.yaml or an ImageFolder root")->required();
    dataCheck->add_flag("--json", checkJson, "one JSON object: ok, task, classes, summary, warnings (or error)");
#endif

    std::string profilePlanPath, profileSessionId, profileRecords = "full";
    auto* profilePass = app.add_subcommand("profile-pass", "internal: the CUPTI pass of a sweep, in its own process");
    profilePass->group("");  // hidden: the sweep starts it
    profilePass->add_option("--plan", profilePlanPath)->required();
    profilePass->add_option("--session-id", profileSessionId)->required();
    profilePass->add_option("--records", profileRecords, "calls (API calls only) or full (also kernels and copies)")
        ->check(CLI::IsMember({"calls", "full"}));

    std::string planPath;
    auto* worker = app.add_subcommand("worker", "JSON-lines protocol for the GUI (plan on stdin or --plan)");
    worker->add_option("--plan", planPath, "sweep plan JSON file (default: read stdin)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return 0;
    } catch (const CLI::CallForVersion&) {
        std::cout << GRAPHLENS_VERSION << "\n";
        return 0;
    } catch (const CLI::ParseError& error) {
        return usageError(std::string(error.what()) + " (see graphlens-cli --help)");
    }

    try {
        if (*list) return runList(listJson, listModel, listPrecision);
        if (*env) {
            const auto environment = graphlens::bench::collectEnvironment();
            if (envJson) {
                std::cout << environment.dump(2) << "\n";
            } else {
                for (const auto& [key, value] : environment.items()) {
                    std::cout << key << ": " << (value.is_string() ? value.get<std::string>() : value.dump()) << "\n";
                }
            }
            return 0;
        }
        if (*worker) return runWorker(planPath);
#if GRAPHLENS_HAVE_DATASETS
        if (*verify && verifyTrainingFlag) return runVerifyTraining(verifyFamily, verifyAll, verifyJson, verifyPrecision, verifyOptimizer);
#endif
        if (*verify) return runVerify(verifyFamily, verifyModel, verifyAll, verifyJson, verifyPrecision, verifyBatch,
                                         verifyMemoryFormat);
        if (*profilePass) {
            return runProfilePass(profilePlanPath, profileSessionId,
                                  profileRecords == "calls" ? graphlens::profiler::CuptiRecords::Calls
                                                            : graphlens::profiler::CuptiRecords::Full);
        }
#if GRAPHLENS_HAVE_DATASETS
        if (*dataCheck) return runDataCheck(checkData, checkJson);
        if (*train) {
            if (!trainScales.empty()) trainOptions.multiScale = results::parseBatchList(trainScales);
            return runTrain(trainOptions);
        }
#endif
        plan.profile = !noProfile;
        plan.model = sweepModel.path;
        plan.task = sweepModel.task;
        plan.jit = sweepModel.jit;
        plan.batches = results::parseBatchList(batches);
        plan.memoryFormats = results::parseMemoryFormatList(memoryFormats);
        plan.phases = results::parsePhaseList(phases);
        plan.graphScopes = results::parseGraphScopeList(graphScopes);
        return runSweep(plan);
    } catch (const UsageError& error) {
        return usageError(error.what());
    } catch (const results::ResultsError& error) {
        return usageError(error.what());
    } catch (const std::exception& error) {
        std::cerr << "graphlens-cli: " << firstLine(error.what()) << "\n";
        return kRunFailed;
    }
}
