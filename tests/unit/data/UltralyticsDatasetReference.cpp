#include "UltralyticsDatasetReference.h"

#include "TestFiles.h"
#include "data/Dataset.h"
#include "data/YoloDataset.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

#ifndef GRAPHLENS_PYTHON
#error "GRAPHLENS_PYTHON (the venv's python) and GRAPHLENS_FIXTURES (tests/fixtures) are set by data_tests.cmake"
#endif

namespace graphlens::testing {
namespace {

// The exit code the fixture uses for "Ultralytics cannot be imported".
constexpr int kUltralyticsMissingExit = 3;

std::string fileText(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string shellQuoted(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string float9(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
    return text;
}

}  // namespace

std::optional<std::string> ultralyticsLoads(const std::filesystem::path& yaml, const std::string& task, std::string& skipReason) {
    const char* given = std::getenv("GRAPHLENS_PYTHON");
    const std::string python = given && *given ? given : GRAPHLENS_PYTHON;
    if (access(python.c_str(), X_OK) != 0) {
        skipReason = "no venv python at " + python + " (scripts/bootstrap.sh installs Ultralytics there)";
        return std::nullopt;
    }
    TempDir scratch;  // Ultralytics' settings file goes here, never to the user's home
    const auto out = scratch / "loaded.txt";
    const auto log = scratch / "log.txt";
    const std::string command = "cd " + shellQuoted(scratch.path().string()) + " && YOLO_OFFLINE=1 YOLO_CONFIG_DIR=" +
                                shellQuoted(scratch.path().string()) + " " + shellQuoted(python) + " " +
                                shellQuoted(std::string(GRAPHLENS_FIXTURES) + "/ultralytics_dataset_rules.py") + " " +
                                shellQuoted(out.string()) + " " + shellQuoted(yaml.string()) + " " + shellQuoted(task) + " > " +
                                shellQuoted(log.string()) + " 2>&1";
    const int status = std::system(command.c_str());
    if (WIFEXITED(status) && WEXITSTATUS(status) == kUltralyticsMissingExit) {
        skipReason = fileText(log);
        while (!skipReason.empty() && (skipReason.back() == '\n' || skipReason.back() == '\r')) skipReason.pop_back();
        return std::nullopt;
    }
    if (status != 0) throw std::runtime_error("ultralytics_dataset_rules.py failed:\n" + fileText(log));
    return fileText(out);
}

std::string graphLensLoads(const std::filesystem::path& yaml) {
    const auto dataset = data::loadYoloDataset(yaml);
    std::ostringstream text;
    text << "names " << dataset.names.size();
    for (const auto& name : dataset.names) text << " " << name;
    text << "\n";
    for (const auto& split : dataset.splits) {
        text << "split " << split.name << " " << split.images.size() << "\n";
        for (const auto& record : split.images) {
            text << "image " << record.image.lexically_relative(yaml.parent_path()).string() << " " << record.boxes.size() << "\n";
            for (const auto& box : record.boxes) {
                text << "box " << box.cls << " " << float9(box.cx) << " " << float9(box.cy) << " " << float9(box.w) << " "
                     << float9(box.h) << "\n";
            }
            for (const auto& polygon : record.polygons) {
                text << "points";
                for (const auto& point : polygon.points) text << " " << float9(point.x) << " " << float9(point.y);
                text << "\n";
            }
            const std::size_t perRow = dataset.keypointCount > 0 ? static_cast<std::size_t>(dataset.keypointCount) : 1;
            for (std::size_t first = 0; first < record.keypoints.size(); first += perRow) {
                text << "keypoints";
                for (std::size_t k = first; k < first + perRow && k < record.keypoints.size(); ++k) {
                    const auto& point = record.keypoints[k];
                    text << " " << float9(point.x) << " " << float9(point.y);
                    if (dataset.keypointDims == 3) text << " " << float9(point.visibility);
                }
                text << "\n";
            }
        }
    }
    return text.str();
}

}  // namespace graphlens::testing
