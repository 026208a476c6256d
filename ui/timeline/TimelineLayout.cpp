#include "ui/timeline/TimelineLayout.h"

#include "ui/timeline/KernelName.h"
#include "ui/timeline/TimelineText.h"

#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {

using namespace timeline_text;
using Lane = TimelineLane;
using Style = TimelineStyle;

Style callStyle(HostCallKind kind) {
    switch (kind) {
    case HostCallKind::KernelLaunch: return Style::Launch;
    case HostCallKind::GraphLaunch: return Style::GraphLaunch;
    case HostCallKind::Synchronize: return Style::Synchronize;
    case HostCallKind::Copy: return Style::CopyCall;
    case HostCallKind::Other: break;
    }
    return Style::OtherCall;
}

const TraceStep& stepOf(const StepPair& pair, int row) { return row == 0 ? pair.eager : pair.graphed; }

}  // namespace

void TimelineLayout::clear() {
    m_rows.clear();
    m_items.clear();
}

void TimelineLayout::layOutRows(const StepPair* pair) {
    clear();
    if (!pair) return;
    double y = kTopMargin;
    for (int row = 0; row < 2; ++row) {
        const TraceStep& s = stepOf(*pair, row);
        Row g;
        g.top = y;
        y += kHeader;
        g.phaseTop = y;
        y += kPhase + kLaneGap;
        g.cpuTop = y;
        y += kCpu + 2 * kLaneGap;
        g.graphTop = -1;
        if (!s.graphs.empty()) {
            g.graphTop = y;
            y += kGraph + kLaneGap;
        }
        g.gpuTop = y;
        g.streams = s.streams();
        if (g.streams.empty()) g.streams.push_back(0);  // no GPU work: one empty lane, all idle
        y += double(g.streams.size()) * kGpu + double(g.streams.size() - 1) * kLaneGap;
        g.bottom = y;
        y += kRowGap;
        m_rows.push_back(std::move(g));
    }
}

void TimelineLayout::placeItems(const StepPair& pair, const TimelineAxis& axis) {
    m_items.clear();
    if (m_rows.size() != 2) return;
    const auto barRect = [&axis](const TimeSpan& span, double top, double height) {
        return QRectF(axis.xForTime(span.startUs), top, std::max(1.0, span.durationUs * axis.pixelsPerUs), height);
    };
    for (int row = 0; row < 2; ++row) {
        const TraceStep& s = stepOf(pair, row);
        const Row& g = m_rows[std::size_t(row)];
        const double gpuHeight = g.bottom - g.gpuTop;
        for (const auto& gap : s.idleGaps) {
            m_items.push_back({barRect(gap, g.gpuTop, gpuHeight), row, Lane::Idle, Style::Idle, {}, idleGapToolTip(gap)});
        }
        for (const auto& phase : s.phases) {
            m_items.push_back({barRect(phase.span, g.phaseTop, kPhase), row, Lane::Phase, Style::Phase, phase.name,
                               phaseToolTip(phase)});
        }
        for (const auto& call : s.calls) {
            m_items.push_back({barRect(call.span, g.cpuTop, kCpu), row, Lane::Cpu, callStyle(call.kind),
                               withoutVersionSuffix(call.name), callToolTip(call)});
        }
        for (const auto& graph : s.graphs) {
            if (g.graphTop < 0) break;
            m_items.push_back({barRect(graph.span, g.graphTop, kGraph), row, Lane::Graph, Style::Graph, graph.name,
                               workToolTip(graph)});
        }
        int kernelIndex = 0;
        for (const auto& work : s.work) {
            const auto lane = std::find(g.streams.begin(), g.streams.end(), work.stream) - g.streams.begin();
            Style style = Style::Memcpy;
            QString label = work.name;
            if (work.kind == GpuWorkKind::Kernel) {
                style = kernelIndex++ % 2 == 0 ? Style::Kernel : Style::KernelAlt;  // neighbours stay apart
                label = shortKernelName(work.name);
            } else if (work.kind == GpuWorkKind::Memset) {
                style = Style::Memset;
            }
            m_items.push_back({barRect(work.span, g.streamTop(std::size_t(lane)), kGpu), row, Lane::Gpu, style, label,
                               workToolTip(work)});
        }
    }
}

double TimelineLayout::minimumHeight() const {
    const double rows = m_rows.empty() ? 2 * (kHeader + kPhase + kCpu + kGpu + kRowGap + 4 * kLaneGap) : m_rows.back().bottom;
    return std::ceil(rows + kAxis + kTopMargin);
}

QString TimelineLayout::toolTipAt(const StepPair& pair, const TimelineAxis& axis, const QPointF& pos) const {
    for (int row = 0; row < int(m_rows.size()); ++row) {
        const Row& g = m_rows[std::size_t(row)];
        if (pos.y() >= g.top && pos.y() < g.top + kHeader) return rowHeaderToolTip(row, stepOf(pair, row));
    }
    if (pos.x() < axis.plotLeft || pos.x() > axis.plotRight()) return {};
    // The bar under the cursor, or within 2 px of it (a 1 px kernel is hard to hit).
    const TimelineItem* best = nullptr;
    double bestDistance = 0;
    int under = 0;
    for (const auto& item : m_items) {
        if (item.lane == Lane::Idle || pos.y() < item.rect.top() || pos.y() >= item.rect.bottom()) continue;
        const double distance = pos.x() < item.rect.left()    ? item.rect.left() - pos.x()
                                : pos.x() > item.rect.right() ? pos.x() - item.rect.right()
                                                              : 0.0;
        if (distance == 0) ++under;
        if (distance <= 2 && (!best || distance < bestDistance)) {
            best = &item;
            bestDistance = distance;
        }
    }
    if (best) return under > 1 ? best->toolTip + QLatin1Char('\n') + moreHere(under - 1) : best->toolTip;
    for (const auto& item : m_items) {
        if (item.lane == Lane::Idle && item.rect.contains(pos)) return item.toolTip;
    }
    return {};
}

}  // namespace graphlens::ui
