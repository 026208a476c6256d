#include "ui/charts/SeriesGrouping.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace graphlens::ui {
namespace {

std::string groupingText(const nlohmann::json& object, const char* key) {
    if (!object.is_object()) return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// "NVIDIA H200" -> "H200": the vendor is the same on every CUDA device and costs legend width.
std::string shortDeviceName(const std::string& device) {
    const std::string vendor = "NVIDIA ";
    if (device.rfind(vendor, 0) == 0 && device.size() > vendor.size()) return device.substr(vendor.size());
    return device;
}

// The fewest characters after "GPU-"/"MIG-" (at least 4) that still tell every UUID apart.
std::map<std::string, std::string> shortUuids(const std::set<std::string>& uuids) {
    const auto cut = [](const std::string& uuid, size_t digits) {
        const size_t dash = uuid.find('-');
        const size_t prefix = dash == std::string::npos || dash > 4 ? 0 : dash + 1;
        return uuid.substr(0, std::min(uuid.size(), prefix + digits));
    };
    size_t longest = 4;
    for (const auto& uuid : uuids) longest = std::max(longest, uuid.size());
    size_t digits = 4;
    for (; digits < longest; ++digits) {
        std::set<std::string> cuts;
        for (const auto& uuid : uuids) cuts.insert(cut(uuid, digits));
        if (cuts.size() == uuids.size()) break;
    }
    std::map<std::string, std::string> out;
    for (const auto& uuid : uuids) out[uuid] = cut(uuid, digits);
    return out;
}

}  // namespace

std::string seriesByKey(SeriesBy by) {
    switch (by) {
    case SeriesBy::Gpu: return "gpu";
    case SeriesBy::Host: return "host";
    case SeriesBy::Driver: return "driver";
    default: return "family";
    }
}

SeriesBy seriesByFromKey(const std::string& key) {
    if (key == "gpu") return SeriesBy::Gpu;
    if (key == "host") return SeriesBy::Host;
    if (key == "driver") return SeriesBy::Driver;
    return SeriesBy::Family;
}

SeriesGrouping::SeriesGrouping(SeriesBy by, const std::vector<results::Measurement>& rows,
                               const nlohmann::json& environment)
    : m_by(by) {
    auto labels = std::make_shared<Labels>();
    std::set<std::string> uuids;
    for (const auto& row : rows) {
        if (!row.gpu_uuid.empty()) uuids.insert(row.gpu_uuid);
    }
    labels->shortUuid = shortUuids(uuids);
    labels->sessionDriver = groupingText(environment, "driver_version");
    if (environment.is_object()) {
        // graphlens-cli merge: {"merged": {"sources": [{"session_id", "environment": {...}}, ...]}}
        const auto merged = environment.find("merged");
        if (merged != environment.end() && merged->is_object()) {
            const auto sources = merged->find("sources");
            if (sources != merged->end() && sources->is_array()) {
                for (const auto& source : *sources) {
                    const auto id = groupingText(source, "session_id");
                    const auto env = source.is_object() ? source.find("environment") : source.end();
                    if (id.empty() || env == source.end()) continue;
                    const auto driver = groupingText(*env, "driver_version");
                    if (!driver.empty()) labels->driverBySession[id] = driver;
                }
            }
        }
    }
    m_labels = std::move(labels);
}

const SeriesGrouping& SeriesGrouping::byFamily() {
    static const SeriesGrouping family;
    return family;
}

bool SeriesGrouping::knowsDrivers() const {
    return m_labels && (!m_labels->sessionDriver.empty() || !m_labels->driverBySession.empty());
}

std::string SeriesGrouping::machineOf(const results::Measurement& row) const { return machineOf(row, m_by); }

std::string SeriesGrouping::machineOf(const results::Measurement& row, SeriesBy by) const {
    switch (by) {
    case SeriesBy::Family: return {};
    case SeriesBy::Host: return row.host.empty() ? std::string("unknown host") : row.host;
    case SeriesBy::Driver: {
        std::string driver;
        if (m_labels) {
            const auto found = m_labels->driverBySession.find(row.session_id);
            driver = found != m_labels->driverBySession.end() ? found->second : m_labels->sessionDriver;
        }
        return driver.empty() ? std::string("driver unknown") : "driver " + driver;
    }
    case SeriesBy::Gpu: break;
    }
    // A CPU row has no GPU: the host's CPU is its machine.
    if (row.device == "cpu" || (row.gpu_uuid.empty() && row.device.empty())) {
        return row.host.empty() ? std::string("CPU") : "CPU · " + row.host;
    }
    std::string name = shortDeviceName(row.device);
    if (name.empty()) name = "GPU";
    if (row.gpu_uuid.empty()) return name;
    std::string uuid = row.gpu_uuid;
    if (m_labels) {
        const auto found = m_labels->shortUuid.find(row.gpu_uuid);
        if (found != m_labels->shortUuid.end()) uuid = found->second;
    }
    return name + " · " + uuid;
}

std::vector<std::string> SeriesGrouping::machines(const std::vector<results::Measurement>& rows, SeriesBy by) const {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& row : rows) {
        auto machine = machineOf(row, by);
        if (seen.insert(machine).second) out.push_back(std::move(machine));
    }
    return out;
}

MachineCount countMachines(const std::vector<results::Measurement>& rows, const SeriesGrouping& labels) {
    std::set<std::string> gpus, hosts, drivers;
    for (const auto& row : rows) {
        if (row.device != "cpu" && !row.gpu_uuid.empty()) gpus.insert(row.gpu_uuid);
        if (!row.host.empty()) hosts.insert(row.host);
        if (labels.knowsDrivers()) drivers.insert(labels.machineOf(row, SeriesBy::Driver));
    }
    return MachineCount{int(gpus.size()), int(hosts.size()), int(drivers.size())};
}

std::string machineSentence(const MachineCount& count) {
    if (!count.several()) return {};
    const auto plural = [](int n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string text = "Rows from ";
    if (count.gpus > 0) {
        text += plural(count.gpus, "GPU", "GPUs");
        if (count.hosts > 0) text += " on " + plural(count.hosts, "host", "hosts");
    } else {
        text += plural(std::max(count.hosts, 1), "host", "hosts");
    }
    if (count.drivers > 1) text += " with " + plural(count.drivers, "driver", "drivers");
    return text;
}

std::string groupingSentence(SeriesBy by, const MachineCount& count) {
    std::string text;
    switch (by) {
    case SeriesBy::Family: return {};
    case SeriesBy::Gpu: text = "Series by GPU"; break;
    case SeriesBy::Host: text = "Series by host"; break;
    case SeriesBy::Driver: text = "Series by driver"; break;
    }
    std::string rows = machineSentence(count);
    if (rows.empty()) return text;
    rows[0] = 'r';  // "Rows from ..." continues the sentence
    return text + ": " + rows;
}

}  // namespace graphlens::ui
