#include "train/TrainingLog.h"

#include "results/ResultsError.h"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>
#include <system_error>

namespace graphlens::train {
namespace fs = std::filesystem;

namespace {

// std::to_chars ignores the locale (no "1.234,5" or "1,234.5"); NaN's sign is dropped so every
// NaN reads "nan".
std::string formatNumber(double value) {
    if (std::isnan(value)) {
        return "nan";
    }
    std::array<char, 64> buffer{};
    auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc{} ? std::string(buffer.data(), end) : std::string("nan");
}

bool emptyOrMissing(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec || size == 0;
}

}  // namespace

TrainingLog::TrainingLog(const fs::path& path, Mode mode) : path_(path) {
    const bool writeHeader = mode == Mode::Replace || emptyOrMissing(path);
    out_.open(path, std::ios::binary | (mode == Mode::Append ? std::ios::app : std::ios::trunc));
    if (!out_) {
        throw results::ResultsError(path.string() + ": cannot open the training log (" +
                                    std::strerror(errno) + ")");
    }
    if (writeHeader) {
        writeLine(header());
    }
}

void TrainingLog::append(const TrainingLogRow& row) {
    writeLine(std::to_string(row.epoch) + "," + std::to_string(row.step) + "," + formatNumber(row.loss) +
              "," + formatNumber(row.learningRate) + "," + formatNumber(row.stepMs) + "," +
              (row.graphed ? "1" : "0"));
}

void TrainingLog::writeLine(const std::string& line) {
    out_ << line << '\n';
    out_.flush();  // a killed run keeps what it logged
    if (!out_) {
        throw results::ResultsError(path_.string() + ": cannot write the training log (disk full?)");
    }
}

}  // namespace graphlens::train
