#pragma once
// `worker` and `profile-pass`: processes started by another program (the GUI, a sweep), speaking the
// JSON-lines protocol on stdout.
#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct WorkerArgs {
    std::string planPath;  // empty: the plan comes on stdin
};

struct ProfilePassArgs {
    std::string planPath;
    std::string sessionId;
    std::string records = "full";  // calls | full
    std::string verdictsFile;      // the timed pass's inference verdicts (bench::InferenceVerdicts as JSON)
    std::string goFile;            // when set: start GPU work only once this file exists
    double replayGapUs = -1;       // the device's replay gap per kernel (calibration); negative: none
};

// Each adds its subcommand to app, its options bound to args (which must outlive the parse).
CLI::App* addProfilePassCommand(CLI::App& app, ProfilePassArgs& args);
CLI::App* addWorkerCommand(CLI::App& app, WorkerArgs& args);

// The profiled pass of a sweep: protocol lines on stdout for the parent sweep to read.
int runProfilePass(const ProfilePassArgs& args);
// hello first, done last, whatever happens between: an error is an event, never a bare exit.
int runWorker(const WorkerArgs& args);

}  // namespace graphlens::cli
