#include "PlanTestSession.h"

#include "TestRows.h"

#include <QDir>
#include <QFile>

namespace graphlens::ui::test {
namespace {
const int kBatches[] = {1, 2, 4, 8, 16, 32};
}

std::vector<results::Measurement> syntheticPlanRows(const std::string& family) {
    std::vector<results::Measurement> rows;
    for (int batch : kBatches) {
        auto eager = eagerRow(batch, 1.0 + 0.1 * batch);
        auto graphed = graphedRow(batch, 0.4 + 0.09 * batch, (1.0 + 0.1 * batch) / (0.4 + 0.09 * batch));
        graphed.graph_pool_mb = 20.0 + 3.0 * batch;
        graphed.capture_ms = 10.0 + 0.5 * batch;
        for (auto* row : {&eager, &graphed}) {
            row->family = family;
            row->device = "synthetic";
            row->scope = "network";
            rows.push_back(*row);
        }
    }
    return rows;
}

nlohmann::json syntheticPooledEnvironment() {
    auto increments = nlohmann::json::array();
    for (int batch : kBatches) {
        increments.push_back({{"imgsz", 224},
                              {"batch", batch},
                              {"increment_mib", 2.0 + 0.5 * batch},
                              {"capture_ms", 10.0 + 0.5 * batch},
                              {"family", "resnet18"},
                              {"precision", "fp16"}});
    }
    return {{"synthetic", true}, {"pooled_capture", increments}};
}

QString syntheticMixText() {
    return QStringLiteral("# synthetic demand\n1 70\n2 10\n4 8\n8 6\n16 4\n32 2\n");
}

QString writeMix(const QString& folder, const QString& name, const QString& text) {
    const QString path = QDir(folder).filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate)) file.write(text.toUtf8());
    return path;
}

}  // namespace graphlens::ui::test
