#pragma once
// A GraphLens Chrome trace (`graphlens-cli sweep --trace F`, written by profiler/ChromeTrace.cpp) read
// back into what the step timeline draws: for each batch one profiled eager step and one graphed
// step, each with its host API calls, its GPU work and the GPU's idle gaps inside the step. Parsed
// with QJsonDocument: the GUI does not link the profiler.
// Which step of a section: the one of median length (of an even count, the shorter middle one), so
// neither a first step still warming up nor an outlier stands for the arm.
#include <QString>

#include <optional>
#include <vector>

class QByteArray;

namespace graphlens::ui {

// Microseconds (the trace's unit) from the start of the step the span belongs to.
struct TimeSpan {
    double startUs = 0;
    double durationUs = 0;
    double endUs() const { return startUs + durationUs; }
};

enum class HostCallKind { KernelLaunch, GraphLaunch, Synchronize, Copy, Other };

struct HostCall {
    QString name;  // as the trace names it, e.g. "cudaLaunchKernel_v7000"
    HostCallKind kind = HostCallKind::Other;
    TimeSpan span;
};

enum class GpuWorkKind { Kernel, Memcpy, Memset, Graph };

struct GpuWork {
    QString name;  // kernel name (often mangled), "Memcpy HtoD", "Memset", "graph 3"
    GpuWorkKind kind = GpuWorkKind::Kernel;
    TimeSpan span;
    qint64 stream = 0;
    qint64 bytes = 0;    // copies and sets
    int kernels = 0;     // graph slices: the kernels and copy nodes replayed inside
    int copies = 0;
};

struct PhaseRange {
    QString name;  // "data", "forward", ... (the "step" range itself is the step)
    TimeSpan span;
};

struct TraceStep {
    QString section;       // the trace section, e.g. "resnet18 batch 8 channels_last eager"
    int index = 0;         // which of the section's steps, 0-based in time order
    int stepCount = 0;     // how many steps the section profiled
    double traceStartUs = 0;  // where the step starts on the trace's own time axis
    double durationUs = 0;    // host time of the "step" range
    std::vector<PhaseRange> phases;
    std::vector<HostCall> calls;     // on the step's thread, starting inside the step, by start
    std::vector<GpuWork> work;       // kernels, copies and sets overlapping the step, by start
    std::vector<GpuWork> graphs;     // graph slices enclosing replayed work
    std::vector<TimeSpan> idleGaps;  // where in the step no GPU work runs
    double idleUs = 0;               // their sum
    std::vector<qint64> streams() const;  // the streams `work` runs on, ascending
};

struct StepPair {
    QString label;  // the sections' common label without the arm, e.g. "resnet18 batch 8 channels_last"
    int batch = 0;  // 0 when the label names no batch
    TraceStep eager;
    TraceStep graphed;
};

// The parts of [0, durationUs] that no span covers (spans may overlap and overhang).
std::vector<TimeSpan> uncoveredSpans(std::vector<TimeSpan> busy, double durationUs);

class StepTrace {
public:
    // Each returns nothing and sets *error to a sentence naming the file when the file is unreadable,
    // not JSON, not a GraphLens trace, or holds no eager and graphed step of the same batch.
    static std::optional<StepTrace> readFile(const QString& path, QString* error);
    static std::optional<StepTrace> fromJson(const QByteArray& json, const QString& fileName, QString* error);

    QString fileName() const { return m_fileName; }
    // One pair per section label that has both arms, in the order the trace holds them.
    const std::vector<StepPair>& pairs() const { return m_pairs; }

private:
    QString m_fileName;
    std::vector<StepPair> m_pairs;
};

}  // namespace graphlens::ui
