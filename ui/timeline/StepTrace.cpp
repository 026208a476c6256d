#include "ui/timeline/StepTrace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace graphlens::ui {
namespace {

// What profiler/ChromeTrace.cpp writes and this file reads (tests/unit/profiler/ChromeTraceFixtureTest.cpp
// holds the writer's output to tests/ui/fixtures/synthetic-trace-format.json, which the GUI tests parse):
//   {"traceEvents": [...], "displayTimeUnit": "ns", "otherData": {"generator": "GraphLens", ...}}
//   {"ph": "M", "name": "process_name", "pid", "args": {"name": "<section> host" | "<section> GPU <device>"}}
//   {"ph": "X", "name", "cat", "pid", "tid", "ts", "dur", "args"}, ts and dur in microseconds:
//     host process, tid = thread: cat "phase" (the "step" range delimits a step), "cuda_runtime", "cuda_driver";
//     GPU process, tid = stream: cat "kernel", "memcpy", "memset" (args.bytes), "graph" (args.kernels, .copies).
//   Flow events ("s"/"f") are not needed here. Sections are labelled "<family> batch <n> <format> <arm>"
//   by core/bench/ProfiledPass.cpp; the arm is the label's last word.
const QString kGenerator = QStringLiteral("GraphLens");
const QString kStepPhase = QStringLiteral("step");
const QString kEager = QStringLiteral("eager");
const QString kGraphed = QStringLiteral("graphed");

// The trace holds whole nanoseconds: anything shorter than half of one is rounding, not a gap.
constexpr double kEpsilonUs = 0.0005;

QString tr(const char* text) { return QCoreApplication::translate("StepTrace", text); }

struct Slice {
    QString name;
    QString category;
    qint64 tid = 0;
    double ts = 0;
    double dur = 0;
    QJsonObject args;
    double end() const { return ts + dur; }
};

struct Section {
    QString label;
    std::vector<Slice> host;
    std::vector<Slice> gpu;
};

HostCallKind callKind(const QString& name) {
    // Versioned names ("cudaLaunchKernel_v7000", "cudaGraphLaunch_v10000") and the driver's ("cuLaunchKernel").
    if (name.contains(QLatin1String("GraphLaunch"))) return HostCallKind::GraphLaunch;
    if (name.contains(QLatin1String("Launch"))) return HostCallKind::KernelLaunch;
    if (name.contains(QLatin1String("Synchronize"))) return HostCallKind::Synchronize;
    if (name.contains(QLatin1String("Memcpy")) || name.contains(QLatin1String("Memset"))) return HostCallKind::Copy;
    return HostCallKind::Other;
}

std::optional<GpuWorkKind> workKind(const QString& category) {
    if (category == QLatin1String("kernel")) return GpuWorkKind::Kernel;
    if (category == QLatin1String("memcpy")) return GpuWorkKind::Memcpy;
    if (category == QLatin1String("memset")) return GpuWorkKind::Memset;
    if (category == QLatin1String("graph")) return GpuWorkKind::Graph;
    return std::nullopt;
}

bool isApiCall(const QString& category) {
    return category == QLatin1String("cuda_runtime") || category == QLatin1String("cuda_driver");
}

Slice sliceOf(const QJsonObject& event) {
    return Slice{event.value(QLatin1String("name")).toString(), event.value(QLatin1String("cat")).toString(),
                 event.value(QLatin1String("tid")).toInteger(), event.value(QLatin1String("ts")).toDouble(),
                 event.value(QLatin1String("dur")).toDouble(), event.value(QLatin1String("args")).toObject()};
}

TimeSpan relative(const Slice& slice, double stepStart) { return TimeSpan{slice.ts - stepStart, slice.dur}; }

TraceStep stepOf(const Section& section, const Slice& step, int index, int count) {
    TraceStep out;
    out.section = section.label;
    out.index = index;
    out.stepCount = count;
    out.traceStartUs = step.ts;
    out.durationUs = step.dur;
    const double start = step.ts;
    const double end = step.end();
    for (const auto& slice : section.host) {
        if (slice.tid != step.tid) continue;  // the step's own thread: its launches, not a helper thread's
        if (slice.category == QLatin1String("phase")) {
            if (slice.name != kStepPhase && slice.ts >= start - kEpsilonUs && slice.end() <= end + kEpsilonUs) {
                out.phases.push_back(PhaseRange{slice.name, relative(slice, start)});
            }
        } else if (isApiCall(slice.category) && slice.ts >= start - kEpsilonUs && slice.ts < end) {
            out.calls.push_back(HostCall{slice.name, callKind(slice.name), relative(slice, start)});
        }
    }
    for (const auto& slice : section.gpu) {
        const auto kind = workKind(slice.category);
        if (!kind || slice.end() <= start || slice.ts >= end) continue;
        GpuWork work{slice.name, *kind, relative(slice, start), slice.tid,
                     slice.args.value(QLatin1String("bytes")).toInteger(),
                     slice.args.value(QLatin1String("kernels")).toInt(),
                     slice.args.value(QLatin1String("copies")).toInt()};
        (*kind == GpuWorkKind::Graph ? out.graphs : out.work).push_back(std::move(work));
    }
    const auto byStart = [](const auto& a, const auto& b) { return a.span.startUs < b.span.startUs; };
    std::stable_sort(out.phases.begin(), out.phases.end(), byStart);
    std::stable_sort(out.calls.begin(), out.calls.end(), byStart);
    std::stable_sort(out.work.begin(), out.work.end(), byStart);
    std::stable_sort(out.graphs.begin(), out.graphs.end(), byStart);

    // Busy is the work itself, not the graph slices: a graph's own gaps between nodes are idle too.
    std::vector<TimeSpan> busy;
    busy.reserve(out.work.size());
    for (const auto& work : out.work) busy.push_back(work.span);
    out.idleGaps = uncoveredSpans(std::move(busy), out.durationUs);
    for (const auto& gap : out.idleGaps) out.idleUs += gap.durationUs;
    return out;
}

std::optional<TraceStep> representativeStep(const Section& section) {
    std::vector<const Slice*> steps;
    for (const auto& slice : section.host) {
        if (slice.category == QLatin1String("phase") && slice.name == kStepPhase) steps.push_back(&slice);
    }
    if (steps.empty()) return std::nullopt;
    std::stable_sort(steps.begin(), steps.end(), [](const Slice* a, const Slice* b) { return a->ts < b->ts; });
    std::vector<std::size_t> byLength(steps.size());
    for (std::size_t i = 0; i < byLength.size(); ++i) byLength[i] = i;
    std::stable_sort(byLength.begin(), byLength.end(),
                     [&](std::size_t a, std::size_t b) { return steps[a]->dur < steps[b]->dur; });
    const std::size_t chosen = byLength[(byLength.size() - 1) / 2];
    return stepOf(section, *steps[chosen], int(chosen), int(steps.size()));
}

// "resnet18 batch 8 channels_last eager" -> ("resnet18 batch 8 channels_last", "eager").
std::pair<QString, QString> splitArm(const QString& label) {
    auto words = label.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty()) return {};
    const QString arm = words.takeLast();
    return {words.join(QLatin1Char(' ')), arm};
}

int batchOf(const QString& label) {
    static const QRegularExpression batch(QStringLiteral("\\bbatch (\\d+)\\b"));
    const auto match = batch.match(label);
    return match.hasMatch() ? match.captured(1).toInt() : 0;
}

}  // namespace

std::vector<qint64> TraceStep::streams() const {
    std::vector<qint64> out;
    for (const auto& item : work) {
        if (std::find(out.begin(), out.end(), item.stream) == out.end()) out.push_back(item.stream);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<TimeSpan> uncoveredSpans(std::vector<TimeSpan> busy, double durationUs) {
    std::sort(busy.begin(), busy.end(), [](const TimeSpan& a, const TimeSpan& b) { return a.startUs < b.startUs; });
    std::vector<TimeSpan> gaps;
    double covered = 0;  // everything before this is busy or already a gap
    for (const auto& span : busy) {
        const double start = std::max(0.0, span.startUs);
        const double end = std::min(durationUs, span.endUs());
        if (end <= start) continue;
        if (start > covered + kEpsilonUs) gaps.push_back(TimeSpan{covered, start - covered});
        covered = std::max(covered, end);
    }
    if (durationUs > covered + kEpsilonUs) gaps.push_back(TimeSpan{covered, durationUs - covered});
    return gaps;
}

std::optional<StepTrace> StepTrace::readFile(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return std::nullopt;
    }
    return fromJson(file.readAll(), QDir::toNativeSeparators(path), error);
}

std::optional<StepTrace> StepTrace::fromJson(const QByteArray& json, const QString& fileName, QString* error) {
    const auto fail = [&](const QString& message) {
        if (error) *error = message;
        return std::nullopt;
    };
    QJsonParseError parseError;
    const auto document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return fail(tr("%1 is not JSON: %2 at byte %3").arg(fileName, parseError.errorString()).arg(parseError.offset));
    }
    const auto root = document.object();
    const auto events = root.value(QLatin1String("traceEvents"));
    if (!document.isObject() || !events.isArray() ||
        root.value(QLatin1String("otherData")).toObject().value(QLatin1String("generator")).toString() != kGenerator) {
        return fail(tr("%1 is not a GraphLens trace: it needs \"traceEvents\" and otherData.generator \"GraphLens\", "
                       "as graphlens-cli sweep --trace writes")
                        .arg(fileName));
    }

    // Processes first (their names say section and role), then the slices on them.
    static const QRegularExpression hostName(QStringLiteral("^(.*) host$"));
    static const QRegularExpression gpuName(QStringLiteral("^(.*) GPU \\d+$"));
    std::vector<Section> sections;
    QHash<QString, int> sectionIndex;
    QHash<qint64, std::pair<int, bool>> processes;  // pid -> (section, is host)
    const auto array = events.toArray();
    for (const auto& value : array) {
        const auto event = value.toObject();
        if (event.value(QLatin1String("ph")).toString() != QLatin1String("M") ||
            event.value(QLatin1String("name")).toString() != QLatin1String("process_name")) {
            continue;
        }
        const auto name = event.value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString();
        auto match = hostName.match(name);
        const bool host = match.hasMatch();
        if (!host) match = gpuName.match(name);
        if (!match.hasMatch()) continue;
        const QString label = match.captured(1);
        if (!sectionIndex.contains(label)) {
            sectionIndex.insert(label, int(sections.size()));
            sections.push_back(Section{label, {}, {}});
        }
        processes.insert(event.value(QLatin1String("pid")).toInteger(), {sectionIndex.value(label), host});
    }
    for (const auto& value : array) {
        const auto event = value.toObject();
        if (event.value(QLatin1String("ph")).toString() != QLatin1String("X")) continue;
        const auto process = processes.constFind(event.value(QLatin1String("pid")).toInteger());
        if (process == processes.constEnd()) continue;
        auto& section = sections[std::size_t(process->first)];
        (process->second ? section.host : section.gpu).push_back(sliceOf(event));
    }

    StepTrace trace;
    trace.m_fileName = fileName;
    struct Arms {
        std::optional<TraceStep> eager;
        std::optional<TraceStep> graphed;
    };
    std::vector<std::pair<QString, Arms>> byLabel;  // in the trace's order
    QStringList profiled;
    for (const auto& section : sections) {
        const auto labelAndArm = splitArm(section.label);
        const QString& label = labelAndArm.first;
        const QString& arm = labelAndArm.second;
        if (arm != kEager && arm != kGraphed) continue;
        auto step = representativeStep(section);
        if (!step) continue;
        profiled << section.label;
        auto found = std::find_if(byLabel.begin(), byLabel.end(), [&](const auto& entry) { return entry.first == label; });
        if (found == byLabel.end()) found = byLabel.insert(byLabel.end(), {label, Arms{}});
        (arm == kEager ? found->second.eager : found->second.graphed) = std::move(step);
    }
    for (auto& [label, arms] : byLabel) {
        if (arms.eager && arms.graphed) {
            trace.m_pairs.push_back(StepPair{label, batchOf(label), std::move(*arms.eager), std::move(*arms.graphed)});
        }
    }
    if (trace.m_pairs.empty()) {
        if (profiled.isEmpty()) return fail(tr("%1 holds no profiled eager or graphed step").arg(fileName));
        return fail(tr("%1 holds no eager and graphed step of the same batch (profiled: %2)")
                        .arg(fileName, profiled.join(QStringLiteral("; "))));
    }
    return trace;
}

}  // namespace graphlens::ui
