#include "ui/report/ReportContent.h"

#include "ui/report/BuildWarning.h"
#include "ui/report/EnvironmentSummary.h"
#include "ui/report/SummaryCard.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <algorithm>
#include <set>

namespace graphlens::ui {
namespace {

using nlohmann::json;
using results::Measurement;

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::ReportContent", text); }
QString qs(const std::string& text) { return QString::fromStdString(text); }

QString scalarText(const json& value) {
    if (value.is_string()) return qs(value.get<std::string>());
    if (value.is_number_integer()) return QString::number(value.get<long long>());
    if (value.is_number()) return QString::number(value.get<double>(), 'g', 10);
    if (value.is_boolean()) return value.get<bool>() ? tr("yes") : tr("no");
    return {};
}

QString field(const json& object, const char* key) {
    return object.is_object() && object.contains(key) ? scalarText(object.at(key)) : QString();
}

QString joined(const json& object, const char* key) {
    if (!object.is_object() || !object.contains(key)) return {};
    const auto& value = object.at(key);
    if (!value.is_array()) return scalarText(value);
    QStringList parts;
    for (const auto& item : value) parts << scalarText(item);
    return parts.join(QStringLiteral(", "));
}

// Values in order of first appearance among the timed rows.
template <typename Get>
QStringList distinct(const std::vector<Measurement>& rows, Get get) {
    QStringList values;
    QSet<QString> seen;  // a 100,000-row session of many families: no list search per row
    for (const auto& row : rows) {
        const QString value = get(row);
        if (!value.isEmpty() && !seen.contains(value)) {
            seen.insert(value);
            values << value;
        }
    }
    return values;
}

// Names a reader can take in at a glance: all of them up to `most`, else the first `most` and how
// many more (a sweep over every family would otherwise fill pages with its title).
QString readableList(const QStringList& names, qsizetype most) {
    if (names.size() <= most) return names.join(QStringLiteral(", "));
    // One pass over both: a name that itself holds "%2" must not be filled in by the count.
    return tr("%1 and %2 more").arg(names.mid(0, most).join(QStringLiteral(", ")), QString::number(names.size() - most));
}

QString deviceName(const results::Session& session) {
    for (const char* key : {"gpu", "device", "device_name"}) {
        if (const auto name = field(session.environment, key); !name.isEmpty()) return name;
    }
    for (const auto& row : session.rows) {
        if (!row.device.empty()) return qs(row.device);
    }
    return {};
}

QList<QPair<QString, QString>> environmentFacts(const json& env) {
    // The facts a reader needs to compare this run with theirs; keys as core/bench/Environment writes them.
    static const std::pair<const char*, const char*> kFacts[] = {
        {"GPU", "device"},          {"GPU UUID", "gpu_uuid"},           {"Compute capability", "compute_capability"},
        {"GPU memory (MiB)", "device_memory_mib"}, {"Driver", "driver_version"},
        {"Driver supports CUDA", "driver_cuda"},   {"CUDA runtime", "cuda_runtime"}, {"cuDNN", "cudnn_version"},
        {"libtorch", "libtorch"},   {"GraphLens engine", "graphlens"},  {"OS", "os"},
        {"CPU", "cpu_model"},       {"CPU threads", "cpu_threads"},     {"CPU governor", "cpu_governor"},
        {"Power limit (W)", "power_limit_w"},      {"MIG mode", "mig_mode"},
    };
    QList<QPair<QString, QString>> facts;
    for (const auto& [label, key] : kFacts) {
        if (const auto value = field(env, key); !value.isEmpty()) facts.append({tr(label), value});
    }
    // Clocks sampled while the timed steps ran: a throttled GPU explains a slow row.
    struct Clock {
        const char* label;
        const char* pass;
        const char* clock;
    };
    for (const auto& [label, pass, clock] : {Clock{"SM clock, timed pass (MHz)", "timed_pass_clocks", "sm_clock_mhz"},
                                             Clock{"Memory clock, timed pass (MHz)", "timed_pass_clocks", "mem_clock_mhz"},
                                             Clock{"SM clock, timed training pass (MHz)", "timed_pass_clocks_train", "sm_clock_mhz"},
                                             Clock{"Memory clock, timed training pass (MHz)", "timed_pass_clocks_train",
                                                   "mem_clock_mhz"}}) {
        if (!env.is_object() || !env.contains(pass) || !env.at(pass).is_object()) continue;
        const auto& spread = env.at(pass).value(clock, json::object());
        const auto median = field(spread, "median"), low = field(spread, "min"), high = field(spread, "max");
        if (!median.isEmpty()) facts.append({tr(label), tr("median %1 (min %2, max %3)").arg(median, low, high)});
    }
    return facts;
}

QStringList methodParagraphs(const results::Session& session) {
    const auto& plan = session.plan;
    const auto& rows = session.rows;
    QStringList method;

    const auto timedRows = std::count_if(rows.begin(), rows.end(), [](const Measurement& r) { return r.pass != "profiled"; });
    const auto profiledRows = std::ptrdiff_t(rows.size()) - timedRows;
    const auto phases = distinct(rows, [](const Measurement& r) {
        if (r.phase == "train") return r.scope.empty() ? tr("training") : tr("training (%1 scope)").arg(qs(r.scope));
        return r.phase == "infer" ? tr("inference") : qs(r.phase);
    });
    std::set<int> batchSet;
    for (const auto& r : rows) batchSet.insert(r.batch);
    QStringList batches;
    for (int b : batchSet) batches << QString::number(b);
    method << tr("What was measured: %1; %2; batch sizes %3; precision %4. Each configuration runs as two arms, "
                 "eager and CUDA-graphed, on the same real batch.")
                  .arg(readableList(distinct(rows, [](const Measurement& r) { return qs(r.family); }), 12),
                       phases.join(QStringLiteral(", ")), readableList(batches, 24),
                       distinct(rows, [](const Measurement& r) { return qs(r.precision); }).join(QStringLiteral(", ")));

    // Steps and rounds from the plan; a CSV or autosave has no plan, so fall back on the rows.
    QString steps = field(plan, "steps"), warmup = field(plan, "warmup"), rounds = field(plan, "repeats");
    for (const auto& r : rows) {
        if (r.pass == "profiled") continue;
        if (rounds.isEmpty() && r.rounds) rounds = QString::number(*r.rounds);
        if (steps.isEmpty() && r.steps > 0 && r.rounds && *r.rounds > 0) steps = QString::number(r.steps / *r.rounds);
    }
    const QString unknown = tr("(not recorded)");
    method << tr("Timing: each arm runs %1 warm-up steps, then %2 timed steps per round in each of %3 rounds; the "
                 "eager and graphed arms alternate in blocks within a round, so drift hits both. A step is timed "
                 "with the host clock around the step and a stream synchronize. The figure is the median of the "
                 "round medians with a bootstrap 95% interval; speedup = eager median ÷ graphed median.")
                  .arg(warmup.isEmpty() ? unknown : warmup, steps.isEmpty() ? unknown : steps,
                       rounds.isEmpty() ? unknown : rounds);

    QString passes = tr("Passes: timed rows are measured before the profiler (CUPTI) is enabled in their process, "
                        "because profiling slows steps down. ");
    const QString profileSteps = field(plan, "profile_steps");
    if (profiledRows > 0) {
        passes += tr("A separate profiled pass%1, after every timed step, counts kernel launches and GPU busy "
                     "time; its step times are never used as the timed figures. ")
                      .arg(profileSteps.isEmpty() ? QString() : tr(" (%1 steps)").arg(profileSteps));
    } else {
        passes += tr("This session has no profiled pass. ");
    }
    passes += tr("This session holds %1 timed and %2 profiled rows.").arg(timedRows).arg(profiledRows);
    method << passes;

    QString graphs = tr("Graphs: before a configuration is timed, the graphed network's outputs are compared with "
                        "eager bit for bit; a graphed arm that differs is refused, not timed.");
    if (const auto mode = field(plan, "graph"); !mode.isEmpty()) graphs += tr(" Graph mode: %1.").arg(mode);
    if (const auto scopes = joined(plan, "graph_scopes"); !scopes.isEmpty()) {
        graphs += tr(" Training graph scopes: %1 (network: forward and backward graphed; step: the whole step "
                     "but data loading in one graph).")
                      .arg(scopes);
    }
    method << graphs;
    method << tr("VRAM: peak memory reserved by the caching allocator in steady state, per arm; the delta is "
                 "graphed minus eager, also as a share of the eager peak. Noise: a row whose spread between "
                 "rounds or within-round IQR exceeds %1% is marked noisy in the summary.")
                  .arg(kNoisyPercent, 0, 'f', 0);
    return method;
}

}  // namespace

bool ranOnCpuOnly(const results::Session& session) {
    const auto& rows = session.rows;
    const bool graphedRan = std::any_of(rows.begin(), rows.end(), [](const Measurement& r) {
        return r.arm == "graphed" && r.status == "ok";
    });
    const bool graphedSkipped = std::any_of(rows.begin(), rows.end(), [](const Measurement& r) {
        return r.arm == "graphed" && r.status == "skipped";
    });
    const bool onCpu = std::all_of(rows.begin(), rows.end(), [](const Measurement& r) {
        return QString::fromStdString(r.device).compare(QStringLiteral("cpu"), Qt::CaseInsensitive) == 0;
    });
    const auto environment = QJsonDocument::fromJson(QByteArray::fromStdString(session.environment.dump())).object();
    return !rows.empty() && !graphedRan && graphedSkipped && (onCpu || environmentLacksCuda(environment));
}

ReportContent reportContent(const results::Session& session) {
    ReportContent content;
    const QString device = deviceName(session);
    const auto families = distinct(session.rows, [](const Measurement& r) { return qs(r.family); });
    if (families.isEmpty()) {
        content.title = tr("CUDA graphs: GraphLens report");
    } else if (families.size() <= 3) {
        content.title = tr("What CUDA graphs buy for %1").arg(families.join(QStringLiteral(", ")));
    } else {
        content.title = tr("What CUDA graphs buy for %1 families").arg(families.size());
    }
    if (!device.isEmpty()) content.title += tr(" on %1").arg(device);

    QStringList subtitle;
    if (!session.session_id.empty()) subtitle << tr("Session %1").arg(qs(session.session_id));
    if (!session.created.empty()) subtitle << tr("measured %1").arg(qs(session.created));
    const QString version = QCoreApplication::applicationVersion();
    subtitle << (version.isEmpty() ? tr("report by GraphLens") : tr("report by GraphLens %1").arg(version));
    content.subtitle = subtitle.join(QStringLiteral(" · "));

    content.summary = summarySentences(session.rows, device.toStdString());
    const auto environment = QJsonDocument::fromJson(QByteArray::fromStdString(session.environment.dump())).object();
    content.environmentLine = environmentSummary(environment);
    content.environment = environmentFacts(session.environment);
    // How GraphLens itself was built, next to its version: a Debug engine's figures are not representative.
    const auto engine = std::find_if(content.environment.cbegin(), content.environment.cend(),
                                     [](const auto& fact) { return fact.first == tr("GraphLens engine"); });
    const qsizetype at = engine == content.environment.cend() ? content.environment.size()
                                                              : (engine - content.environment.cbegin()) + 1;
    content.environment.insert(at, {tr("GraphLens build"), buildDescription(session)});
    content.buildWarning = buildWarning(session);
    content.method = methodParagraphs(session);
    if (ranOnCpuOnly(session)) {
        content.chartsNote = tr("CUDA graphs need a CUDA device; this session ran on the CPU, so only eager "
                                "figures exist and there are no charts comparing eager with graphed steps.");
    }
    return content;
}

}  // namespace graphlens::ui
