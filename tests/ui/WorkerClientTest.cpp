#include "FakeWorker.h"
#include "TestRows.h"
#include "results/SweepPlan.h"
#include "results/WorkerProtocol.h"
#include "ui/run/WorkerClient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <cerrno>
#include <csignal>
#include <sys/types.h>

using graphlens::ui::WorkerClient;
namespace results = graphlens::results;
using namespace graphlens::ui::test;

namespace {

std::string line(const results::WorkerEvent& event) { return results::encodeWorkerEvent(event); }

bool processGone(qint64 pid) { return ::kill(pid_t(pid), 0) == -1 && errno == ESRCH; }

// Gone, or a zombie that only waits for its new parent to reap it: either way it runs no more.
bool processEnded(qint64 pid) {
    if (processGone(pid)) return true;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly)) return processGone(pid);
    const QByteArray text = stat.readAll();
    const auto afterName = text.lastIndexOf(')');  // "pid (comm) S ...": the name may hold spaces
    return afterName >= 0 && text.mid(afterName + 2, 1) == "Z";
}

void pointAt(WorkerClient& client, const FakeWorker& fake) {
    client.setWorkerExecutable(fake.executable());
    client.setResultsDirectory(fake.resultsDirectory());
}

}  // namespace

TEST_CASE("cancel kills the worker and keeps the rows received and reports it as a failure", "[ui][worker]") {
    const auto rows = threeBatchSweep();
    FakeWorker fake({line(results::helloEvent("0.1.0", {{"gpu", "NVIDIA H200"}})),
                     "libtorch: a stray print that is not an event",
                     line(results::progressEvent(2, 6, "resnet18 b1 graphed", 30.5)),
                     line(results::measurementEvent(rows[0])),
                     line(results::measurementEvent(rows[1]))},
                    QStringLiteral("exec sleep 30"));
    WorkerClient client;
    pointAt(client, fake);
    QSignalSpy hello(&client, &WorkerClient::helloReceived);
    QSignalSpy progress(&client, &WorkerClient::progress);
    QSignalSpy received(&client, &WorkerClient::measurementReceived);
    QSignalSpy logged(&client, &WorkerClient::logLine);
    QSignalSpy failed(&client, &WorkerClient::failed);
    QSignalSpy finished(&client, &WorkerClient::finished);

    results::SweepPlan plan;
    plan.family = "resnet18";
    plan.batches = {1, 8, 32};
    REQUIRE(client.start(plan));
    REQUIRE(QTest::qWaitFor([&] { return received.count() == 2; }, 5000));
    CHECK(client.isRunning());
    const qint64 pid = client.lastProcessId();
    REQUIRE(pid > 0);
    CHECK_FALSE(processGone(pid));

    CHECK(hello.count() == 1);
    CHECK(hello.at(0).at(0).toJsonObject().value(QStringLiteral("version")).toString() == QStringLiteral("0.1.0"));
    REQUIRE(progress.count() == 1);
    CHECK(progress.at(0).at(0).toInt() == 2);
    CHECK(progress.at(0).at(1).toInt() == 6);
    CHECK(progress.at(0).at(2).toString() == QStringLiteral("resnet18 b1 graphed"));
    CHECK(progress.at(0).at(3).toDouble() == 30.5);
    CHECK(received.at(1).at(0).value<results::Measurement>() == rows[1]);
    CHECK(logged.count() >= 1);
    CHECK(logged.at(0).at(0).toString() == QStringLiteral("libtorch: a stray print that is not an event"));

    // The worker got a valid plan whose autosave lies in the results folder.
    QFile seen(fake.seenPlanPath());
    REQUIRE(seen.open(QIODevice::ReadOnly));
    const auto seenPlan = results::sweepPlanFromJson(nlohmann::json::parse(seen.readAll().toStdString()), "seen");
    CHECK(seenPlan.family == "resnet18");
    CHECK(seenPlan.batches == std::vector<int>{1, 8, 32});
    CHECK(QString::fromStdString(seenPlan.autosave).startsWith(fake.resultsDirectory() + QLatin1Char('/')));
    CHECK(QString::fromStdString(seenPlan.autosave).endsWith(QStringLiteral(".jsonl")));
    CHECK(client.autosavePath() == QString::fromStdString(seenPlan.autosave));

    client.cancel();
    CHECK_FALSE(client.isRunning());
    CHECK(QTest::qWaitFor([&] { return processGone(pid); }, 3000));
    CHECK(received.count() == 2);
    CHECK(client.rowsReceived() == 2);
    REQUIRE(failed.count() == 1);
    CHECK(failed.at(0).at(0).toString() == QStringLiteral("Sweep cancelled; 2 rows kept"));
    REQUIRE(finished.count() == 1);
    CHECK(finished.at(0).at(0).toBool() == false);

    // Nothing else arrives later from the killed process.
    QTest::qWait(200);
    CHECK(failed.count() == 1);
    CHECK(finished.count() == 1);
}

TEST_CASE("a worker that exits 1 after an error event fails with the error text", "[ui][worker]") {
    FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object())),
                     line(results::measurementEvent(eagerRow(1, 1.4))),
                     line(results::errorEvent("CUDA out of memory while capturing batch 512")),
                     line(results::doneEvent(false, 1, {}))},
                    QStringLiteral("exit 1"));
    WorkerClient client;
    pointAt(client, fake);
    QSignalSpy failed(&client, &WorkerClient::failed);
    QSignalSpy finished(&client, &WorkerClient::finished);
    REQUIRE(client.start(results::SweepPlan{}));
    REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
    CHECK(finished.at(0).at(0).toBool() == false);
    REQUIRE(failed.count() == 1);
    const auto message = failed.at(0).at(0).toString();
    CHECK(message.contains(QStringLiteral("CUDA out of memory while capturing batch 512")));
    CHECK(message.contains(QStringLiteral("exit code 1")));
    CHECK(message.contains(QStringLiteral("1 row kept")));
}

TEST_CASE("a successful worker run finishes ok without a failure", "[ui][worker]") {
    FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object())),
                     line(results::measurementEvent(eagerRow(1, 1.4))),
                     line(results::measurementEvent(graphedRow(1, 0.7, 2.0))),
                     line(results::doneEvent(true, 2, {}))},
                    QStringLiteral("exit 0"));
    WorkerClient client;
    pointAt(client, fake);
    QSignalSpy received(&client, &WorkerClient::measurementReceived);
    QSignalSpy failed(&client, &WorkerClient::failed);
    QSignalSpy finished(&client, &WorkerClient::finished);
    REQUIRE(client.start(results::SweepPlan{}));
    REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
    CHECK(finished.at(0).at(0).toBool() == true);
    CHECK(failed.count() == 0);
    CHECK(received.count() == 2);
}

TEST_CASE("progress counts out of int range, negative or not numbers are clamped, never overflowed", "[ui][worker]") {
    FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object())),
                     R"({"event":"progress","done":1e300,"total":-5,"label":"x","eta_s":1})",
                     R"({"event":"progress","done":"3","total":7.9,"label":"y","eta_s":1})",
                     line(results::doneEvent(true, 0, {}))},
                    QStringLiteral("exit 0"));
    WorkerClient client;
    pointAt(client, fake);
    QSignalSpy progress(&client, &WorkerClient::progress);
    QSignalSpy finished(&client, &WorkerClient::finished);
    REQUIRE(client.start(results::SweepPlan{}));
    REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
    REQUIRE(progress.count() == 2);
    CHECK(progress.at(0).at(0).toInt() == 1000000000);
    CHECK(progress.at(0).at(1).toInt() == 0);
    CHECK(progress.at(1).at(0).toInt() == 0);  // a string is not a count
    CHECK(progress.at(1).at(1).toInt() == 7);
}

TEST_CASE("a crashing or missing worker is a message and not a dead window", "[ui][worker]") {
    WorkerClient client;
    QSignalSpy failed(&client, &WorkerClient::failed);
    QSignalSpy finished(&client, &WorkerClient::finished);

    SECTION("killed by a signal mid-run") {
        FakeWorker fake({line(results::measurementEvent(eagerRow(1, 1.4)))}, QStringLiteral("kill -9 $$"));
        pointAt(client, fake);
        REQUIRE(client.start(results::SweepPlan{}));
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        REQUIRE(failed.count() == 1);
        CHECK(failed.at(0).at(0).toString().contains(QStringLiteral("crashed")));
        CHECK(failed.at(0).at(0).toString().contains(QStringLiteral("1 row kept")));
    }
    SECTION("exits 0 without the done event") {
        FakeWorker fake({line(results::measurementEvent(eagerRow(1, 1.4)))}, QStringLiteral("exit 0"));
        pointAt(client, fake);
        REQUIRE(client.start(results::SweepPlan{}));
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        CHECK(finished.at(0).at(0).toBool() == false);
        REQUIRE(failed.count() == 1);
    }
    SECTION("executable does not exist") {
        QTemporaryDir dir;
        client.setResultsDirectory(dir.filePath(QStringLiteral("sessions")));
        client.setWorkerExecutable(dir.filePath(QStringLiteral("no-such-graphlens-cli")));
        client.start(results::SweepPlan{});
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        CHECK(finished.at(0).at(0).toBool() == false);
        REQUIRE(failed.count() == 1);
        CHECK(failed.at(0).at(0).toString().contains(QStringLiteral("no-such-graphlens-cli")));
    }
    SECTION("an invalid plan never starts a process") {
        results::SweepPlan plan;
        plan.batches.clear();
        QTemporaryDir dir;
        client.setResultsDirectory(dir.filePath(QStringLiteral("sessions")));
        CHECK_FALSE(client.start(plan));
        CHECK_FALSE(client.isRunning());
        REQUIRE(failed.count() == 1);
        CHECK(failed.at(0).at(0).toString().contains(QStringLiteral("batch")));
    }
}

TEST_CASE("the temporary plan file is removed when the run ends: cancel, crash, failure or done", "[ui][worker]") {
    QTemporaryDir notes;
    REQUIRE(notes.isValid());
    const QString planPathNote = notes.filePath(QStringLiteral("plan-path.txt"));
    // The fake worker writes down the plan path it was given ($3), then ends as each section says.
    const auto planPath = [&] {
        QFile file(planPathNote);
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
    };
    const auto tail = [&](const QString& end) { return QStringLiteral("echo \"$3\" > '%1'\n%2").arg(planPathNote, end); };
    WorkerClient client;
    QSignalSpy finished(&client, &WorkerClient::finished);
    const auto done = line(results::doneEvent(true, 0, {}));

    SECTION("cancel") {
        FakeWorker fake({}, tail(QStringLiteral("exec sleep 30")));
        pointAt(client, fake);
        REQUIRE(client.start(results::SweepPlan{}));
        REQUIRE(QTest::qWaitFor([&] { return !planPath().isEmpty(); }, 5000));
        REQUIRE(QFile::exists(planPath()));  // there while the worker runs
        client.cancel();
        CHECK_FALSE(QFile::exists(planPath()));
    }
    SECTION("a crash") {
        FakeWorker fake({}, tail(QStringLiteral("kill -9 $$")));
        pointAt(client, fake);
        REQUIRE(client.start(results::SweepPlan{}));
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        REQUIRE_FALSE(planPath().isEmpty());
        CHECK_FALSE(QFile::exists(planPath()));
    }
    SECTION("a failed run") {
        FakeWorker fake({}, tail(QStringLiteral("exit 1")));
        pointAt(client, fake);
        REQUIRE(client.start(results::SweepPlan{}));
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        REQUIRE_FALSE(planPath().isEmpty());
        CHECK_FALSE(QFile::exists(planPath()));
    }
    SECTION("a finished run") {
        FakeWorker fake({done}, tail(QStringLiteral("exit 0")));
        pointAt(client, fake);
        REQUIRE(client.start(results::SweepPlan{}));
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        CHECK(finished.at(0).at(0).toBool());
        REQUIRE_FALSE(planPath().isEmpty());
        CHECK_FALSE(QFile::exists(planPath()));
    }
}

TEST_CASE("the worker executable defaults to GRAPHLENS_WORKER", "[ui][worker]") {
    qputenv("GRAPHLENS_WORKER", "/opt/somewhere/graphlens-cli");
    WorkerClient fromEnv;
    CHECK(fromEnv.workerExecutable() == QStringLiteral("/opt/somewhere/graphlens-cli"));
    qunsetenv("GRAPHLENS_WORKER");
    WorkerClient fromAppDir;
    CHECK(fromAppDir.workerExecutable() == QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("graphlens-cli")));
}

TEST_CASE("a malformed JSON line among good ones is a warning naming it, and the run goes on", "[ui][worker]") {
    const auto rows = threeBatchSweep();
    const std::string malformed = R"({"event": "measurement", "row": {"family": "resnet18", "batch": )";
    FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object())),
                     line(results::measurementEvent(rows[0])),
                     malformed,
                     line(results::measurementEvent(rows[1])),
                     line(results::doneEvent(true, 2, {}))},
                    QStringLiteral("exit 0"));
    WorkerClient client;
    pointAt(client, fake);
    QSignalSpy received(&client, &WorkerClient::measurementReceived);
    QSignalSpy warned(&client, &WorkerClient::warningReceived);
    QSignalSpy failed(&client, &WorkerClient::failed);
    QSignalSpy finished(&client, &WorkerClient::finished);
    REQUIRE(client.start(results::SweepPlan{}));
    REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));

    REQUIRE(warned.count() == 1);
    const auto warning = warned.at(0).at(0).toString();
    CHECK(warning.contains(QStringLiteral("malformed")));
    CHECK(warning.contains(QString::fromStdString(malformed).trimmed()));
    // The row after the bad line still arrived, and the run ended as the worker said: ok.
    REQUIRE(received.count() == 2);
    CHECK(received.at(1).at(0).value<results::Measurement>() == rows[1]);
    CHECK(finished.at(0).at(0).toBool() == true);
    CHECK(failed.count() == 0);
}

TEST_CASE("cancel ends a hung worker and the process it started within a second, without waiting", "[ui][worker]") {
    // The worker starts a grandchild, says its pid in a log event, then hangs.
    FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object()))},
                    QStringLiteral("sleep 30 &\n"
                                   "printf '{\"event\": \"log\", \"text\": \"grandchild %s\"}\\n' $!\n"
                                   "exec sleep 30"));
    WorkerClient client;
    pointAt(client, fake);
    QSignalSpy logged(&client, &WorkerClient::logLine);
    QSignalSpy finished(&client, &WorkerClient::finished);
    REQUIRE(client.start(results::SweepPlan{}));
    qint64 grandchild = 0;
    REQUIRE(QTest::qWaitFor([&] {
        for (const auto& args : logged) {
            const auto text = args.at(0).toString();
            if (text.startsWith(QStringLiteral("grandchild "))) grandchild = text.mid(11).toLongLong();
        }
        return grandchild > 0;
    }, 5000));
    const qint64 worker = client.lastProcessId();
    REQUIRE(worker > 0);
    REQUIRE_FALSE(processEnded(worker));
    REQUIRE_FALSE(processEnded(grandchild));

    QElapsedTimer cancelTook;
    cancelTook.start();
    client.cancel();
    // The GUI thread only sent the kill: no wait on the process (it takes 2-3 s when it does).
    CHECK(cancelTook.elapsed() < 200);
    CHECK_FALSE(client.isRunning());
    CHECK(finished.count() == 1);

    QElapsedTimer gone;
    gone.start();
    CHECK(QTest::qWaitFor([&] { return processEnded(worker) && processEnded(grandchild); }, 1000));
    INFO("ended after " << gone.elapsed() << " ms");
    CHECK(processEnded(worker));
    CHECK(processEnded(grandchild));
}
