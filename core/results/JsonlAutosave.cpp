#include "results/JsonlAutosave.h"

#include "results/MeasurementJson.h"
#include "results/ResultsError.h"
#include "results/TextFile.h"
#include "platform/DurableFile.h"
#include "platform/OpenFile.h"

#include <cerrno>
#include <cstring>
#include <sstream>

namespace graphlens::results {

JsonlAutosave::JsonlAutosave(std::filesystem::path path) : path_(std::move(path)) {
    file_ = platform::openFile(path_, "ab");
    if (!file_) {
        throw ResultsError(path_.string() + ": cannot open autosave (" + std::strerror(errno) + ")");
    }
    // A worker killed mid-write leaves half a line; start on a fresh line so the next row is whole.
    if (std::fseek(file_, 0, SEEK_END) == 0 && std::ftell(file_) > 0) {
        std::FILE* reader = platform::openFile(path_, "rb");
        if (reader && std::fseek(reader, -1, SEEK_END) == 0 && std::fgetc(reader) != '\n') {
            std::fputc('\n', file_);
            std::fflush(file_);
        }
        if (reader) std::fclose(reader);
    }
}

JsonlAutosave::~JsonlAutosave() {
    if (file_) std::fclose(file_);
}

void JsonlAutosave::append(const Measurement& row) {
    // Library messages may carry invalid UTF-8; replace it rather than lose the row.
    const std::string line =
        toJson(row).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0) {
        throw ResultsError(path_.string() + ": autosave write failed (" + std::strerror(errno) + ")");
    }
    platform::syncToDisk(file_);  // best effort: some file systems cannot sync, the row is written anyway
}

AutosaveContents readJsonlAutosave(const std::filesystem::path& path) {
    AutosaveContents contents;
    std::istringstream lines(readTextFile(path));
    std::string line;
    int number = 0, firstSkipped = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (line.empty()) continue;
        const auto object = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
        if (object.is_discarded() || !object.is_object()) {
            if (contents.skippedLines++ == 0) firstSkipped = number;
            continue;
        }
        contents.rows.push_back(
            measurementFromJson(object, path.string() + ":" + std::to_string(number)));
    }
    // A kill mid-write cuts one line short; a file where no line is a row is something else (random
    // bytes, another format), and opening it as an empty session would report nothing as if it were.
    if (contents.rows.empty() && contents.skippedLines > 0) {
        throw ResultsError(path.string() + ":" + std::to_string(firstSkipped) +
                           ": not a GraphLens autosave (no line is a measurement row; " +
                           std::to_string(contents.skippedLines) + " line(s) could not be read)");
    }
    return contents;
}

}  // namespace graphlens::results
