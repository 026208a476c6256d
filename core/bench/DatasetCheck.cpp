#include "bench/DatasetCheck.h"

#include "data/DatasetError.h"
#include "data/OpenDataset.h"

namespace graphlens::bench {

DatasetCheckResult checkDataset(const std::string& data) {
    DatasetCheckResult result;
    if (data.empty()) {
        result.error = "no dataset given: a YOLO data.yaml or an ImageFolder folder";
        return result;
    }
    try {
        const auto dataset = data::openDataset(data);
        result.ok = true;
        result.task = dataset.task == data::Task::Classify ? "classify" : "detect";
        result.classes = static_cast<int>(dataset.names.size());
        result.summary = dataset.summary();
        result.warnings = dataset.warnings;
    } catch (const data::DatasetError& error) {
        result.error = error.what();
    } catch (const std::exception& error) {  // e.g. a filesystem error on an unreadable folder
        result.error = data + ": " + error.what();
    }
    return result;
}

nlohmann::json toJson(const DatasetCheckResult& result) {
    if (!result.ok) return {{"ok", false}, {"error", result.error}};
    return {{"ok", true},
            {"task", result.task},
            {"classes", result.classes},
            {"summary", result.summary},
            {"warnings", result.warnings}};
}

}  // namespace graphlens::bench
