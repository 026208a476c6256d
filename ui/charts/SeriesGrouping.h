#pragma once
// What the charts draw one series per besides the configuration (family, precision, memory format,
// phase, scope): nothing more (Series by family, the default), or the machine that measured the row:
// its GPU, its host or its driver. A merged session (graphlens-cli merge) holds rows of many machines;
// each row keeps its host and GPU UUID, and the session's environment keeps every source session's
// own environment under "merged" (where a row's driver is found, by the row's session id).
// Plain C++ over the rows: the charts, the summary and the GPU baseline share it.
#include "results/Measurement.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace graphlens::ui {

enum class SeriesBy { Family, Gpu, Host, Driver };

// "family", "gpu", "host", "driver"; and back (Family for anything else).
std::string seriesByKey(SeriesBy by);
SeriesBy seriesByFromKey(const std::string& key);

class SeriesGrouping {
public:
    SeriesGrouping() = default;  // by family: no machine in any series
    // `rows`: every row of the session (GPU UUIDs are shortened to the fewest digits that still tell
    // its GPUs apart); `environment`: the session's, for the drivers (may be null).
    SeriesGrouping(SeriesBy by, const std::vector<results::Measurement>& rows, const nlohmann::json& environment);

    SeriesBy by() const { return m_by; }
    // The row's machine as this grouping names it: "H200 · GPU-1a2b" (GPU), "node07" (host),
    // "driver 580.95.05" (driver); empty by family.
    std::string machineOf(const results::Measurement& row) const;
    // The same for any choice, whatever this grouping's own is.
    std::string machineOf(const results::Measurement& row, SeriesBy by) const;
    // Distinct machines of the rows in order of first appearance, as machineOf(row, by) names them.
    std::vector<std::string> machines(const std::vector<results::Measurement>& rows, SeriesBy by) const;
    // The drivers are known (a session environment names them).
    bool knowsDrivers() const;

    static const SeriesGrouping& byFamily();

private:
    struct Labels {
        std::map<std::string, std::string> shortUuid;       // GPU UUID -> "GPU-1a2b"
        std::map<std::string, std::string> driverBySession; // session id -> driver version
        std::string sessionDriver;                           // the session's own, for rows of no source
    };
    SeriesBy m_by = SeriesBy::Family;
    std::shared_ptr<const Labels> m_labels;  // shared: a grouping is copied into every row matcher
};

// How many GPUs and hosts the rows come from, and the sentence for it ("Rows from 3 GPUs on 2
// hosts"); empty sentence with one machine.
struct MachineCount {
    int gpus = 0;
    int hosts = 0;
    int drivers = 0;
    bool several() const { return gpus > 1 || hosts > 1 || drivers > 1; }
};
MachineCount countMachines(const std::vector<results::Measurement>& rows, const SeriesGrouping& labels);
std::string machineSentence(const MachineCount& count);
// How the charts group their series, for text that stands without the window (the report):
// "Series by GPU: rows from 2 GPUs on 2 hosts" (machineSentence, lower-cased after the colon);
// "Series by GPU" with one machine; empty by family.
std::string groupingSentence(SeriesBy by, const MachineCount& count);

}  // namespace graphlens::ui
