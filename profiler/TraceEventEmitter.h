#pragma once
// Chrome trace events as JSON (the "JSON Array/Object format"): metadata, complete slices and flow
// arrows, with timestamps in microseconds from one origin, so every section shares one time axis.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace graphlens::profiler {

class TraceEventEmitter {
public:
    explicit TraceEventEmitter(uint64_t origin) : origin_(origin) {}

    double ts(uint64_t ns) const { return static_cast<double>(ns - origin_) / 1000.0; }
    double dur(uint64_t start, uint64_t end) const { return static_cast<double>(end - start) / 1000.0; }

    void metadata(const char* what, int pid, std::optional<uint32_t> tid, const std::string& name) {
        nlohmann::json event{{"ph", "M"}, {"name", what}, {"pid", pid}, {"args", {{"name", name}}}};
        if (tid) event["tid"] = *tid;
        events.push_back(std::move(event));
    }
    void sortIndex(int pid, int index) {
        events.push_back({{"ph", "M"}, {"name", "process_sort_index"}, {"pid", pid}, {"args", {{"sort_index", index}}}});
    }
    void slice(const std::string& name, const char* category, int pid, uint32_t tid, uint64_t start,
               uint64_t end, nlohmann::json args) {
        events.push_back({{"ph", "X"}, {"name", name}, {"cat", category}, {"pid", pid}, {"tid", tid},
                          {"ts", ts(start)}, {"dur", dur(start, end)}, {"args", std::move(args)}});
    }
    // An arrow from the slice enclosing `from` to the slice enclosing `to`.
    void flow(int fromPid, uint32_t fromTid, uint64_t from, int toPid, uint32_t toTid, uint64_t to) {
        const uint64_t id = ++flows_;
        events.push_back({{"ph", "s"}, {"name", "launch"}, {"cat", "flow"}, {"id", id}, {"pid", fromPid},
                          {"tid", fromTid}, {"ts", ts(from)}, {"bp", "e"}});
        events.push_back({{"ph", "f"}, {"name", "launch"}, {"cat", "flow"}, {"id", id}, {"pid", toPid},
                          {"tid", toTid}, {"ts", ts(to)}, {"bp", "e"}});
    }

    nlohmann::json events = nlohmann::json::array();

private:
    uint64_t origin_;
    uint64_t flows_ = 0;
};

}  // namespace graphlens::profiler
