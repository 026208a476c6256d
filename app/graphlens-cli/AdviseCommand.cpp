#include "AdviseCommand.h"

#include "advisor/SessionPredictions.h"
#include "bench/ConsoleSweepEvents.h"
#include "bench/SweepSession.h"
#include "bench/UsageError.h"
#include "results/MeasurementCsv.h"
#include "results/MeasurementJson.h"
#include "results/Session.h"

#include <cstdio>
#include <iostream>

namespace graphlens::cli {
namespace {

std::string rowName(const results::Measurement& row) {
    return row.phase == "train" ? "train " + row.scope + " scope" : "infer";
}

std::string whyNot(const results::Measurement& row) {
    if (row.status != "ok") return row.status + ": " + row.message;
    if (!row.advice.empty()) return row.advice;
    return row.device == "cpu" ? "no prediction: CUDA graphs need a CUDA device; this run is on the CPU"
                               : "no prediction: it needs the profiled pass (CUPTI)";
}

void printTable(const std::vector<results::Measurement>& rows) {
    std::printf("%-22s %5s %10s %12s %9s  %s\n", "phase", "batch", "eager ms", "graphed ms*", "speedup*", "why");
    for (const auto& row : rows) {
        if (row.pass != "timed" || row.arm != "eager") continue;
        if (!row.predicted_graphed_ms) {
            std::printf("%-22s %5d %10s %12s %9s  %s\n", rowName(row).c_str(), row.batch,
                        row.step_ms_median ? std::to_string(*row.step_ms_median).substr(0, 6).c_str() : "-", "-", "-",
                        whyNot(row).c_str());
            continue;
        }
        std::printf("%-22s %5d %10.3f %12.3f %8.2fx  %s\n", rowName(row).c_str(), row.batch, *row.step_ms_median,
                    *row.predicted_graphed_ms, *row.predicted_speedup, row.advice.c_str());
        std::printf("%-22s %5s %10s   = %.3f eager rest + %.3f kernels + %.3f gaps + %.3f replay host (replaces %.3f ms)\n",
                    "", "", "", *row.predicted_eager_rest_ms, *row.predicted_region_gpu_ms,
                    *row.predicted_replay_gaps_ms, *row.predicted_replay_host_ms, *row.predicted_region_eager_ms);
    }
    std::printf("* predicted from the eager step and this GPU's replay calibration; nothing was captured\n");
}

// The graphed rows that were measured too: prediction against measurement.
void printErrors(const std::vector<results::Measurement>& rows) {
    bool header = false;
    for (const auto& row : rows) {
        if (row.pass != "timed" || row.arm != "graphed" || !row.prediction_error_pct) continue;
        if (!header) std::printf("\n%-22s %5s %12s %12s %8s\n", "phase", "batch", "measured ms", "predicted ms", "error");
        header = true;
        std::printf("%-22s %5d %12.3f %12.3f %+7.1f%%\n", rowName(row).c_str(), row.batch, *row.step_ms_median,
                    *row.predicted_graphed_ms, *row.prediction_error_pct);
    }
}

int predictAgain(const AdviseArgs& args) {
    auto session = results::readSession(args.session);
    const auto stored = session.environment.find(advisor::kReplayCalibrationKey);
    std::string why = "the session holds no replay calibration (measured before predictions were made, or on the CPU)";
    std::optional<advisor::ReplayCalibration> calibration;
    if (stored != session.environment.end()) calibration = advisor::replayCalibrationFromJson(*stored, &why);
    if (!calibration) throw bench::UsageError(args.session + ": " + why);
    advisor::addPredictions(session.rows, calibration);
    if (!args.csv.empty()) results::writeCsv(args.csv, session.rows);
    if (!args.json.empty()) results::writeSession(args.json, session);
    printTable(session.rows);
    printErrors(session.rows);
    return 0;
}

}  // namespace

CLI::App* addAdviseCommand(CLI::App& app, AdviseArgs& args) {
    auto* advise = app.add_subcommand(
        "advise", "predict what graphs will buy from the eager step alone (no capture), with the reasons");
    auto* family = advise->add_option("--family", args.family, "model family (see `list`)")->capture_default_str();
    args.model.addTo(*advise);
    advise->get_option("--model")->excludes(family);
    advise->add_option("--data", args.data, "dataset: a YOLO data.yaml, an ImageFolder root, or nothing for the built-in one");
    advise->add_option("--batch", args.batches, "batch sizes, comma separated")->capture_default_str();
    advise->add_option("--phase", args.phases, "infer, train or infer,train")->capture_default_str();
    advise->add_option("--graph-scope", args.graphScopes, "training graph scopes to predict: network, step")->capture_default_str();
    advise->add_option("--precision", args.precision, "fp32 | fp16 | amp-fp16 | amp-bf16")->capture_default_str();
    advise->add_option("--scope", args.scope, "inference: step (upload + network + postprocess) | network")->capture_default_str();
    advise->add_option("--imgsz", args.imgsz, "square input size (0: family default)")->capture_default_str();
    advise->add_option("--json", args.json, "write the session (eager rows with predictions) as JSON; opens in the window");
    advise->add_option("--csv", args.csv, "write the rows as CSV");
    advise->add_flag("--print-json", args.printJson, "print the rows as JSON lines instead of the table");
    advise->add_option("--session", args.session,
                       "run nothing: predict again from a saved session (its eager figures and calibration), "
                       "with the error where the graphed arm was measured");
    return advise;
}

int runAdvise(const AdviseArgs& args) {
    if (!args.session.empty()) return predictAgain(args);
    results::SweepPlan plan;
    plan.family = args.family;
    plan.model = args.model.path;
    plan.task = args.model.task;
    plan.jit = args.model.jit;
    plan.data = args.data;
    plan.batches = results::parseBatchList(args.batches);
    plan.phases = results::parsePhaseList(args.phases);
    plan.graphScopes = results::parseGraphScopeList(args.graphScopes);
    plan.precision = args.precision;
    plan.scope = args.scope;
    plan.imgsz = args.imgsz;
    plan.json = args.json;
    plan.csv = args.csv;
    plan.graph = "off";  // the eager arm alone: nothing is captured
    plan.profile = true;  // the prediction reads the profiled step's kernels
    // One round is enough for an eager median that only feeds a prediction; the profiled pass is unchanged.
    plan.repeats = 1;

    bench::ConsoleSweepEvents events(std::cerr);
    const auto result = bench::runSweepSession(plan, events);
    if (args.printJson) {
        for (const auto& row : result.measured) {
            if (row.pass == "timed") std::cout << results::toJson(row).dump() << "\n";
        }
    } else {
        printTable(result.measured);
    }
    for (const auto& path : result.outputs) std::cerr << "wrote " << path << "\n";
    return result.exitCode;
}

}  // namespace graphlens::cli
