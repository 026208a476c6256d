#include "MergedSessionFixture.h"

#include "TestRows.h"
#include "results/Session.h"

#include "ui/MainWindow.h"

#include <QCoreApplication>
#include <QTest>
#include <QTemporaryDir>

namespace graphlens::ui::test {

std::vector<results::Measurement> machineRows(const std::string& session, const std::string& host,
                                              const std::string& device, const std::string& uuid, double scale,
                                              const std::vector<double>& speedups) {
    std::vector<results::Measurement> rows;
    const int batches[] = {1, 8, 32};
    const double eagerMs[] = {1.452, 2.905, 9.812};
    for (int i = 0; i < 3; ++i) {
        auto eager = eagerRow(batches[i], eagerMs[i] * scale);
        auto graphed = graphedRow(batches[i], eagerMs[i] * scale / speedups[size_t(i)], speedups[size_t(i)]);
        for (auto* row : {&eager, &graphed}) {
            row->session_id = session;
            row->host = host;
            row->device = device;
            row->gpu_uuid = uuid;
            rows.push_back(*row);
        }
    }
    return rows;
}

std::vector<results::Measurement> mergedRows() {
    auto rows = machineRows("sess-a", "node-a", "NVIDIA H200", kMergedUuidA, 1.0, {2.1, 1.3, 1.05});
    const auto b = machineRows("sess-b", "node-b", "NVIDIA L4", kMergedUuidB, 2.0, {1.6, 1.1, 1.02});
    rows.insert(rows.end(), b.begin(), b.end());
    return rows;
}

nlohmann::json fakeMergedEnvironment() {
    nlohmann::json sources = nlohmann::json::array();
    sources.push_back({{"session_id", "sess-a"},
                       {"environment",
                        {{"host", "node-a"}, {"gpu_uuid", kMergedUuidA}, {"driver_version", "580.95.05"}}}});
    sources.push_back({{"session_id", "sess-b"},
                       {"environment",
                        {{"host", "node-b"}, {"gpu_uuid", kMergedUuidB}, {"driver_version", "575.57.08"}}}});
    return {{"graphlens_version", "test"}, {"merged", {{"sources", sources}, {"shards", nlohmann::json::array()}}}};
}

QString writeMergedSession(const QTemporaryDir& dir) {
    results::Session session;
    session.session_id = "merged-test";
    session.created = "2026-12-04T00:00:00Z";
    session.environment = fakeMergedEnvironment();
    session.rows = mergedRows();
    const QString path = dir.filePath(QStringLiteral("merged.json"));
    results::writeSession(path.toStdString(), session);
    return path;
}

void settleMachines() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

bool openMergedWindow(MainWindow& window, const QTemporaryDir& dir) {
    if (!window.openFile(writeMergedSession(dir))) return false;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return false;
    settleMachines();
    return true;
}

}  // namespace graphlens::ui::test
