#pragma once
// The per-step CSV of a training run: `epoch,step,loss,lr,step_ms,graphed`, one row per optimizer
// step, flushed as it is written so a killed run keeps every step it logged. Numbers are written
// locale-independently (shortest round-trip form, "nan" for a NaN loss), so any reader parses them.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace graphlens::train {

struct TrainingLogRow {
    int epoch = 0;          // 1-based epoch the step belongs to
    std::int64_t step = 0;  // optimizer step (the schedule's position)
    double loss = 0.0;      // may be NaN (an fp16 overflow, a diverged run)
    double learningRate = 0.0;
    double stepMs = 0.0;   // wall time of the step
    bool graphed = false;  // the step ran as a CUDA graph replay
};

class TrainingLog {
public:
    enum class Mode {
        Replace,  // a new run: the file is truncated
        Append,   // a resumed run: rows go after the existing ones (header only if the file is empty)
    };

    // Opens the file and writes the header. Throws results::ResultsError naming the path when the
    // file cannot be opened or written.
    explicit TrainingLog(const std::filesystem::path& path, Mode mode = Mode::Replace);

    // Writes and flushes one row. Throws results::ResultsError when the write fails (disk full).
    void append(const TrainingLogRow& row);

    const std::filesystem::path& path() const { return path_; }
    static const char* header() { return "epoch,step,loss,lr,step_ms,graphed"; }

private:
    void writeLine(const std::string& line);

    std::filesystem::path path_;
    std::ofstream out_;
};

}  // namespace graphlens::train
