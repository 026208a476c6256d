#pragma once
// Append-only autosave: one Measurement JSON object per line, flushed as soon as the row exists,
// so a killed or crashed worker loses nothing already measured.
#include "results/Measurement.h"

#include <cstdio>
#include <filesystem>
#include <vector>

namespace graphlens::results {

class JsonlAutosave {
public:
    explicit JsonlAutosave(std::filesystem::path path);  // throws ResultsError if not writable
    ~JsonlAutosave();
    JsonlAutosave(const JsonlAutosave&) = delete;
    JsonlAutosave& operator=(const JsonlAutosave&) = delete;

    void append(const Measurement& row);  // one write + flush + fsync per row
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    std::FILE* file_ = nullptr;
};

struct AutosaveContents {
    std::vector<Measurement> rows;
    int skippedLines = 0;  // a line cut short by a kill mid-write, or not a row
};

// Throws ResultsError naming the file and its first unreadable line when no line is a row (an empty
// file is an autosave of a run that measured nothing yet).
AutosaveContents readJsonlAutosave(const std::filesystem::path& path);

}  // namespace graphlens::results
