#pragma once
// Chrome trace events as JSON (the "JSON Array/Object format"): metadata, complete slices and flow
// arrows, with timestamps in microseconds from one origin, so every section shares one time axis.
// Written straight to text: a profiled sweep has a few hundred thousand events, and building them as
// JSON objects first cost 1.5 s of the default question on the H200 (2026-12-04).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace graphlens::profiler {

class TraceEventEmitter {
public:
    explicit TraceEventEmitter(uint64_t origin) : origin_(origin) {}

    void metadata(const char* what, int pid, std::optional<uint32_t> tid, const std::string& name);
    void sortIndex(int pid, int index);
    void slice(const std::string& name, const char* category, int pid, uint32_t tid, uint64_t start, uint64_t end,
               const nlohmann::json& args);
    // An arrow from the slice enclosing `from` to the slice enclosing `to`.
    void flow(int fromPid, uint32_t fromTid, uint64_t from, int toPid, uint32_t toTid, uint64_t to);

    // The events so far as one JSON array.
    std::string eventsJson() const { return "[" + text_ + "]"; }

private:
    void open(const char* phase);                    // `{"ph":"X"` after a comma where one is due
    void timestamp(const char* key, uint64_t ns);    // `,"ts":12.345`: microseconds, exact to the ns
    void duration(uint64_t start, uint64_t end);

    uint64_t origin_;
    uint64_t flows_ = 0;
    std::string text_;
};

}  // namespace graphlens::profiler
