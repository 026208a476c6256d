#include "ui/timeline/TimelineText.h"

#include "ui/timeline/KernelName.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace graphlens::ui::timeline_text {
namespace {

// The view's translation context: these words were StepTimelineView's and stay so for translators.
QString tr(const char* text, int n = -1) {
    return QCoreApplication::translate("graphlens::ui::StepTimelineView", text, nullptr, n);
}

QString formatBytes(qint64 bytes) {
    if (bytes >= 1024 * 1024) return tr("%1 MiB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 2);
    if (bytes >= 1024) return tr("%1 KiB").arg(double(bytes) / 1024.0, 0, 'f', 1);
    return tr("%1 B").arg(bytes);
}

}  // namespace

QString formatDuration(double us) {
    const double magnitude = std::abs(us);
    if (magnitude >= 1000) return tr("%1 ms").arg(us / 1000.0, 0, 'f', 2);
    if (magnitude >= 100) return tr("%1 µs").arg(us, 0, 'f', 0);
    if (magnitude >= 10) return tr("%1 µs").arg(us, 0, 'f', 1);
    if (magnitude >= 1 || magnitude == 0) return tr("%1 µs").arg(us, 0, 'f', magnitude == 0 ? 0 : 2);
    return tr("%1 ns").arg(us * 1000.0, 0, 'f', 0);
}

QString idleSummary(const TraceStep& step) {
    const double percent = step.durationUs > 0 ? 100.0 * step.idleUs / step.durationUs : 0.0;
    return tr("GPU idle %1 of %2 (%3%)")
        .arg(formatDuration(step.idleUs), formatDuration(step.durationUs))
        .arg(percent, 0, 'f', 0);
}

QString rowTitle(int row) { return row == 0 ? tr("Eager") : tr("Graphed"); }

QString withoutVersionSuffix(const QString& name) {
    static const QRegularExpression version(QStringLiteral("_v\\d+$"));
    QString out = name;
    return out.remove(version);
}

QString callDescription(HostCallKind kind) {
    switch (kind) {
    case HostCallKind::KernelLaunch: return tr("kernel launch call");
    case HostCallKind::GraphLaunch: return tr("graph launch call");
    case HostCallKind::Synchronize: return tr("wait for the GPU");
    case HostCallKind::Copy: return tr("copy or set call");
    case HostCallKind::Other: break;
    }
    return tr("CUDA call");
}

QString timing(const TimeSpan& span) {
    return tr(" · %1 · at %2").arg(formatDuration(span.durationUs), formatDuration(span.startUs));
}

QString workToolTip(const GpuWork& work) {
    switch (work.kind) {
    case GpuWorkKind::Kernel: {
        const QString shortName = shortKernelName(work.name);
        QString readable = readableKernelName(work.name);
        if (readable.size() > 400) readable = readable.left(400) + QStringLiteral("…");
        QString text = shortName + QLatin1Char('\n');
        if (readable != shortName) text += readable + QLatin1Char('\n');
        return text + tr("kernel on stream %1").arg(work.stream) + timing(work.span);
    }
    case GpuWorkKind::Memcpy:
        return work.name + QLatin1Char('\n') + tr("copy of %1 on stream %2").arg(formatBytes(work.bytes)).arg(work.stream) +
               timing(work.span);
    case GpuWorkKind::Memset:
        return work.name + QLatin1Char('\n') + tr("set of %1 on stream %2").arg(formatBytes(work.bytes)).arg(work.stream) +
               timing(work.span);
    case GpuWorkKind::Graph:
        return work.name + QLatin1Char('\n') +
               tr("one graph replay: %1 kernels, %2 copy or set nodes on stream %3")
                   .arg(work.kernels)
                   .arg(work.copies)
                   .arg(work.stream) +
               timing(work.span);
    }
    return work.name;
}

QString idleGapToolTip(const TimeSpan& gap) {
    return tr("GPU idle %1\nfrom %2 to %3 of the step: no kernel, copy or set runs")
        .arg(formatDuration(gap.durationUs), formatDuration(gap.startUs), formatDuration(gap.endUs()));
}

QString phaseToolTip(const PhaseRange& phase) { return phase.name + QLatin1Char('\n') + tr("phase") + timing(phase.span); }

QString callToolTip(const HostCall& call) {
    return call.name + QLatin1Char('\n') + callDescription(call.kind) + timing(call.span);
}

QString rowHeaderToolTip(int row, const TraceStep& step) {
    return tr("%1: step %2 of %3 profiled in %4, %5\n%6 — time inside the step when no kernel, copy or set "
              "runs on the GPU")
        .arg(rowTitle(row))
        .arg(step.index + 1)
        .arg(step.stepCount)
        .arg(step.section, formatDuration(step.durationUs), idleSummary(step));
}

QString moreHere(int count) { return tr("(%n more here: zoom in)", count); }

}  // namespace graphlens::ui::timeline_text
