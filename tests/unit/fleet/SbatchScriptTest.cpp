#include "fleet/SbatchScript.h"
#include "results/ResultsError.h"
#include "support/ScratchFolder.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <regex>

using namespace graphlens;

namespace {

fleet::SbatchOptions cpuFleet() {
    fleet::SbatchOptions options;
    options.shards = 4;
    options.fleetDir = "/scratch/fleet one";
    options.cli = "/opt/graphlens/bin/graphlens-cli";
    return options;
}

// What a command prints on stdout (stderr joined), run by the shell.
std::string outputOf(const std::string& command) {
    std::string output;
    std::FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 512> buffer{};
    while (std::fgets(buffer.data(), buffer.size(), pipe)) output += buffer.data();
    ::pclose(pipe);
    return output;
}

}  // namespace

TEST_CASE("The script is a job array of one task per shard, each running its shard", "[fleet][sbatch]") {
    const auto script = fleet::sbatchScript(cpuFleet());
    CHECK(script.rfind("#!/bin/bash\n", 0) == 0);
    CHECK(script.find("\n#SBATCH --array=0-3\n") != std::string::npos);
    CHECK(script.find("\n#SBATCH --output=\"/scratch/fleet one/logs/shard-%a.log\"\n") != std::string::npos);
    CHECK(script.find("\nindex=\"${SLURM_ARRAY_TASK_ID:?") != std::string::npos);
    CHECK(script.find("\nexec '/opt/graphlens/bin/graphlens-cli' shard-run --dir '/scratch/fleet one' --shard \"$index\"\n") !=
          std::string::npos);
    // A CPU fleet asks for no GPU, no partition and no time limit of its own.
    CHECK(script.find("--gres") == std::string::npos);
    CHECK(script.find("--partition") == std::string::npos);
    CHECK(script.find("--time") == std::string::npos);
    // Every directive comes before the first command, or Slurm ignores it.
    const auto firstCommand = script.find("\nset -eu\n");
    CHECK(script.rfind("#SBATCH") < firstCommand);
}

TEST_CASE("Partition, GPUs and time limit become directives when given", "[fleet][sbatch]") {
    auto options = cpuFleet();
    options.partition = "h200";
    options.gres = "gpu:1";
    options.time = "00:30:00";
    const auto script = fleet::sbatchScript(options);
    CHECK(script.find("\n#SBATCH --partition=h200\n") != std::string::npos);
    CHECK(script.find("\n#SBATCH --gres=gpu:1\n") != std::string::npos);
    CHECK(script.find("\n#SBATCH --time=00:30:00\n") != std::string::npos);
}

TEST_CASE("Values a directive cannot hold are refused", "[fleet][sbatch]") {
    auto options = cpuFleet();
    options.partition = "a\nb";
    CHECK_THROWS_AS(fleet::sbatchScript(options), results::ResultsError);
    options = cpuFleet();
    options.fleetDir = "/scratch/\"quoted\"";
    CHECK_THROWS_WITH(fleet::sbatchScript(options), Catch::Contains("cannot hold a newline or a '\"'"));
    options = cpuFleet();
    options.shards = 0;
    CHECK_THROWS_WITH(fleet::sbatchScript(options), "--shards 0: expected 1 or more");
}

TEST_CASE("Shell quoting survives quotes and spaces", "[fleet][sbatch]") {
    CHECK(fleet::shellQuoted("plain") == "'plain'");
    CHECK(outputOf("printf '%s|' " + fleet::shellQuoted("it's a $HOME `x`")) == "it's a $HOME `x`|");
}

// The script run by bash as Slurm runs it, with `echo` for graphlens-cli: the task runs the shard
// Slurm's index names; changed in its one index line, a Kubernetes Indexed Job's index does the same.
TEST_CASE("The index comes from Slurm, or from Kubernetes after the one-line change", "[fleet][sbatch]") {
    testing::ScratchFolder folder("graphlens-fleet-script");
    auto options = cpuFleet();
    options.fleetDir = folder.path() / "my fleet";
    options.cli = "/bin/echo";
    const auto script = fleet::sbatchScript(options);
    const auto slurmScript = folder / "slurm.sbatch";
    std::ofstream(slurmScript) << script;
    const std::string expected = "shard-run --dir " + options.fleetDir.string() + " --shard 2\n";
    CHECK(outputOf("SLURM_ARRAY_TASK_ID=2 bash '" + slurmScript.string() + "'") == expected);
    CHECK_THAT(outputOf("env -u SLURM_ARRAY_TASK_ID bash '" + slurmScript.string() + "'"),
               Catch::Contains("not started as an array task"));

    const std::regex indexLine("\nindex=\"\\$\\{SLURM_ARRAY_TASK_ID[^\n]*\n");
    const auto kubernetes = std::regex_replace(script, indexLine, "\nindex=\"${JOB_COMPLETION_INDEX}\"\n");
    REQUIRE(kubernetes != script);
    const auto kubernetesScript = folder / "indexed-job.sh";
    std::ofstream(kubernetesScript) << kubernetes;
    CHECK(outputOf("env -u SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX=2 bash '" + kubernetesScript.string() + "'") == expected);
}
