#include "train/ProgressLine.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <locale>
#include <sstream>

namespace graphlens::train {

namespace {

// A classic-locale stream: the GUI's QCoreApplication calls setlocale(LC_ALL, ""), after which
// printf would write decimal commas under e.g. de_DE.
std::ostringstream classicStream() {
    std::ostringstream out;
    out.imbue(std::locale::classic());
    return out;
}

std::string fixed(double value, int decimals) {
    auto out = classicStream();
    out << std::fixed << std::setprecision(decimals) << value;
    return out.str();
}

std::string scientific(double value, int decimals) {
    auto out = classicStream();
    out << std::scientific << std::setprecision(decimals) << value;
    return out.str();
}

// Three significant digits, trailing zeros kept (printf's %#.3g): 0.00950, 0.000100, 1.00e-05.
std::string significant(double value, int digits) {
    auto out = classicStream();
    out << std::showpoint << std::setprecision(digits) << value;
    return out.str();
}

std::string twoDigits(long long value) {
    return (value < 10 ? "0" : "") + std::to_string(value);
}

std::string formatLoss(double loss) {
    if (std::isnan(loss)) {
        return "nan";
    }
    const double magnitude = std::fabs(loss);
    // Fixed four decimals where they carry the value; tiny and huge losses in exponent form.
    return magnitude == 0.0 || (magnitude >= 1e-3 && magnitude < 1e4) ? fixed(loss, 4) : scientific(loss, 3);
}

std::string formatMsPerStep(double ms) {
    return ms < 100.0 ? fixed(ms, 1) : fixed(ms, 0);
}

}  // namespace

std::string formatDuration(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return "--";
    }
    const long long total = std::llround(seconds);
    if (total < 60) {
        return std::to_string(total) + "s";
    }
    if (total < 3600) {
        return std::to_string(total / 60) + "m" + twoDigits(total % 60) + "s";
    }
    return std::to_string(total / 3600) + "h" + twoDigits((total % 3600) / 60) + "m";
}

std::string formatProgressLine(const ProgressLine& p) {
    std::string line = "epoch " + std::to_string(p.epoch) + "/" + std::to_string(p.epochs) + "  step " +
                       std::to_string(p.stepInEpoch) + "/" + std::to_string(p.stepsPerEpoch);
    const bool started = p.stepsDone > 0;
    line += "  loss " + (started ? formatLoss(p.loss) : std::string("--"));
    line += "  lr " + significant(p.learningRate, 3);
    if (!started) {
        return line + "  -- ms/step  ETA --";
    }
    const double secondsPerStep = p.elapsedSeconds / static_cast<double>(p.stepsDone);
    const auto remaining = std::max<std::int64_t>(0, p.totalSteps - p.stepsDone);
    line += "  " + formatMsPerStep(secondsPerStep * 1000.0) + " ms/step";
    line += "  ETA " + formatDuration(secondsPerStep * static_cast<double>(remaining));
    return line;
}

}  // namespace graphlens::train
