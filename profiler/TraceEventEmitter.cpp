#include "profiler/TraceEventEmitter.h"

#include <cinttypes>
#include <cstdio>

namespace graphlens::profiler {
namespace {

// A JSON string literal, escaped as the JSON library escapes it (kernel names carry quotes and <>).
std::string quoted(const std::string& text) { return nlohmann::json(text).dump(); }

// Nanoseconds as microseconds with three decimals: the exact value, however large.
void appendMicroseconds(std::string& out, int64_t ns) {
    char buffer[32];
    const uint64_t magnitude = ns < 0 ? static_cast<uint64_t>(-(ns + 1)) + 1 : static_cast<uint64_t>(ns);
    std::snprintf(buffer, sizeof buffer, "%s%" PRIu64 ".%03" PRIu64, ns < 0 ? "-" : "", magnitude / 1000,
                  magnitude % 1000);
    out += buffer;
}

}  // namespace

void TraceEventEmitter::open(const char* phase) {
    if (!text_.empty()) text_ += ',';
    text_ += "{\"ph\":\"";
    text_ += phase;
    text_ += '"';
}

void TraceEventEmitter::timestamp(const char* key, uint64_t ns) {
    text_ += ",\"";
    text_ += key;
    text_ += "\":";
    appendMicroseconds(text_, static_cast<int64_t>(ns - origin_));
}

void TraceEventEmitter::duration(uint64_t start, uint64_t end) {
    text_ += ",\"dur\":";
    appendMicroseconds(text_, static_cast<int64_t>(end - start));
}

void TraceEventEmitter::metadata(const char* what, int pid, std::optional<uint32_t> tid, const std::string& name) {
    open("M");
    text_ += ",\"name\":" + quoted(what) + ",\"pid\":" + std::to_string(pid);
    if (tid) text_ += ",\"tid\":" + std::to_string(*tid);
    text_ += ",\"args\":{\"name\":" + quoted(name) + "}}";
}

void TraceEventEmitter::sortIndex(int pid, int index) {
    open("M");
    text_ += ",\"name\":\"process_sort_index\",\"pid\":" + std::to_string(pid) +
             ",\"args\":{\"sort_index\":" + std::to_string(index) + "}}";
}

void TraceEventEmitter::slice(const std::string& name, const char* category, int pid, uint32_t tid, uint64_t start,
                              uint64_t end, const nlohmann::json& args) {
    open("X");
    text_ += ",\"name\":" + quoted(name) + ",\"cat\":" + quoted(category) + ",\"pid\":" + std::to_string(pid) +
             ",\"tid\":" + std::to_string(tid);
    timestamp("ts", start);
    duration(start, end);
    text_ += ",\"args\":" + args.dump() + "}";
}

void TraceEventEmitter::flow(int fromPid, uint32_t fromTid, uint64_t from, int toPid, uint32_t toTid, uint64_t to) {
    const uint64_t id = ++flows_;
    const auto end = [&](const char* phase, int pid, uint32_t tid, uint64_t at) {
        open(phase);
        text_ += ",\"name\":\"launch\",\"cat\":\"flow\",\"id\":" + std::to_string(id) + ",\"pid\":" +
                 std::to_string(pid) + ",\"tid\":" + std::to_string(tid);
        timestamp("ts", at);
        text_ += ",\"bp\":\"e\"}";
    };
    end("s", fromPid, fromTid, from);
    end("f", toPid, toTid, to);
}

}  // namespace graphlens::profiler
