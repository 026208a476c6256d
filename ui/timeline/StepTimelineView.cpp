#include "ui/timeline/StepTimelineView.h"

#include "ui/timeline/KernelName.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {

// Geometry, in pixels.
constexpr double kLabelWidth = 92;  // lane names on the left
constexpr double kRightMargin = 18;
constexpr double kTopMargin = 8;
constexpr double kHeader = 24;  // a row's title and idle sum
constexpr double kPhase = 14;
constexpr double kCpu = 24;
constexpr double kGraph = 10;
constexpr double kGpu = 24;
constexpr double kLaneGap = 3;
constexpr double kRowGap = 20;
constexpr double kAxis = 46;  // ticks, their labels and the axis title
constexpr double kLabelMinWidth = 28;  // narrower bars carry no text
constexpr double kMaxPixelsPerUs = 200;  // 5 ns per pixel: finer than any record of interest
constexpr double kWheelZoomPerNotch = 1.25;
constexpr double kKeyZoom = 1.5;

QString withoutVersionSuffix(const QString& name) {
    // Labels drop CUPTI's version suffix ("cudaLaunchKernel_v7000" -> "cudaLaunchKernel"); tooltips keep it.
    static const QRegularExpression version(QStringLiteral("_v\\d+$"));
    QString out = name;
    return out.remove(version);
}

QString callDescription(HostCallKind kind) {
    switch (kind) {
    case HostCallKind::KernelLaunch: return StepTimelineView::tr("kernel launch call");
    case HostCallKind::GraphLaunch: return StepTimelineView::tr("graph launch call");
    case HostCallKind::Synchronize: return StepTimelineView::tr("wait for the GPU");
    case HostCallKind::Copy: return StepTimelineView::tr("copy or set call");
    case HostCallKind::Other: break;
    }
    return StepTimelineView::tr("CUDA call");
}

StepTimelineView::Style callStyle(HostCallKind kind) {
    using S = StepTimelineView::Style;
    switch (kind) {
    case HostCallKind::KernelLaunch: return S::Launch;
    case HostCallKind::GraphLaunch: return S::GraphLaunch;
    case HostCallKind::Synchronize: return S::Synchronize;
    case HostCallKind::Copy: return S::CopyCall;
    case HostCallKind::Other: break;
    }
    return S::OtherCall;
}

QString formatBytes(qint64 bytes) {
    if (bytes >= 1024 * 1024) return StepTimelineView::tr("%1 MiB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 2);
    if (bytes >= 1024) return StepTimelineView::tr("%1 KiB").arg(double(bytes) / 1024.0, 0, 'f', 1);
    return StepTimelineView::tr("%1 B").arg(bytes);
}

// "· 100 µs · at 70.0 µs": every tooltip ends with the item's duration and its start in the step.
QString timing(const TimeSpan& span) {
    return StepTimelineView::tr(" · %1 · at %2")
        .arg(StepTimelineView::formatDuration(span.durationUs), StepTimelineView::formatDuration(span.startUs));
}

QString workToolTip(const GpuWork& work) {
    switch (work.kind) {
    case GpuWorkKind::Kernel: {
        const QString shortName = shortKernelName(work.name);
        QString readable = readableKernelName(work.name);
        if (readable.size() > 400) readable = readable.left(400) + QStringLiteral("…");
        QString text = shortName + QLatin1Char('\n');
        if (readable != shortName) text += readable + QLatin1Char('\n');
        return text + StepTimelineView::tr("kernel on stream %1").arg(work.stream) + timing(work.span);
    }
    case GpuWorkKind::Memcpy:
        return work.name + QLatin1Char('\n') +
               StepTimelineView::tr("copy of %1 on stream %2").arg(formatBytes(work.bytes)).arg(work.stream) +
               timing(work.span);
    case GpuWorkKind::Memset:
        return work.name + QLatin1Char('\n') +
               StepTimelineView::tr("set of %1 on stream %2").arg(formatBytes(work.bytes)).arg(work.stream) +
               timing(work.span);
    case GpuWorkKind::Graph:
        return work.name + QLatin1Char('\n') +
               StepTimelineView::tr("one graph replay: %1 kernels, %2 copy or set nodes on stream %3")
                   .arg(work.kernels)
                   .arg(work.copies)
                   .arg(work.stream) +
               timing(work.span);
    }
    return work.name;
}

QString rowTitle(int row) { return row == 0 ? StepTimelineView::tr("Eager") : StepTimelineView::tr("Graphed"); }

// 1, 2 or 5 times a power of ten: the tick step that puts ticks about `pixels` apart.
double niceStep(double rawUs) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(rawUs)));
    for (double mantissa : {1.0, 2.0, 5.0, 10.0}) {
        if (mantissa * magnitude >= rawUs) return mantissa * magnitude;
    }
    return 10.0 * magnitude;
}

QString tickLabel(double us, double stepUs) {
    if (us == 0) return QStringLiteral("0");
    if (stepUs >= 100) {  // milliseconds, with as many decimals as the step needs
        const int decimals = std::max(0, int(std::ceil(-std::log10(stepUs / 1000.0) - 1e-9)));
        return StepTimelineView::tr("%1 ms").arg(us / 1000.0, 0, 'f', decimals);
    }
    const int decimals = std::max(0, int(std::ceil(-std::log10(stepUs) - 1e-9)));
    return StepTimelineView::tr("%1 µs").arg(us, 0, 'f', decimals);
}

}  // namespace

StepTimelineView::StepTimelineView(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Step timeline"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAutoFillBackground(true);
    setCursor(Qt::OpenHandCursor);
}

void StepTimelineView::setPair(const StepPair& pair) {
    m_pair = pair;
    layoutRows();
    m_fitted = true;
    m_pixelsPerUs = fitPixelsPerUs();
    m_viewStartUs = 0;
    placeItems();
    setAccessibleDescription(tr("Eager step %1, %2; graphed step %3, %4")
                                 .arg(formatDuration(pair.eager.durationUs), idleSummary(pair.eager),
                                      formatDuration(pair.graphed.durationUs), idleSummary(pair.graphed)));
    updateGeometry();
    update();
    emit viewChanged();
}

void StepTimelineView::clear() {
    m_pair.reset();
    m_rows.clear();
    m_items.clear();
    setAccessibleDescription({});
    updateGeometry();
    update();
}

const TraceStep* StepTimelineView::step(int row) const {
    if (!m_pair || row < 0 || row > 1) return nullptr;
    return row == 0 ? &m_pair->eager : &m_pair->graphed;
}

double StepTimelineView::plotLeft() const { return kLabelWidth; }

double StepTimelineView::plotWidth() const { return std::max(10.0, width() - kLabelWidth - kRightMargin); }

double StepTimelineView::xForTime(double us) const { return plotLeft() + (us - m_viewStartUs) * m_pixelsPerUs; }

double StepTimelineView::timeAt(double x) const { return m_viewStartUs + (x - plotLeft()) / m_pixelsPerUs; }

double StepTimelineView::longestStepUs() const {
    if (!m_pair) return 0;
    return std::max(m_pair->eager.durationUs, m_pair->graphed.durationUs);
}

double StepTimelineView::fitPixelsPerUs() const {
    const double longest = longestStepUs();
    return longest > 0 ? plotWidth() / longest : 1.0;
}

void StepTimelineView::setView(double pixelsPerUs, double viewStartUs) {
    const double fit = fitPixelsPerUs();
    const double scale = std::clamp(pixelsPerUs, fit, std::max(fit, kMaxPixelsPerUs));
    const double visible = plotWidth() / scale;
    const double start = std::clamp(viewStartUs, 0.0, std::max(0.0, longestStepUs() - visible));
    m_fitted = scale <= fit;
    if (scale == m_pixelsPerUs && start == m_viewStartUs) return;
    m_pixelsPerUs = scale;
    m_viewStartUs = start;
    placeItems();
    update();
    emit viewChanged();
}

void StepTimelineView::zoomBy(double factor, double anchorX) {
    if (!m_pair || !(factor > 0)) return;
    const double anchorUs = timeAt(anchorX);
    const double fit = fitPixelsPerUs();
    const double scale = std::clamp(m_pixelsPerUs * factor, fit, std::max(fit, kMaxPixelsPerUs));
    setView(scale, anchorUs - (anchorX - plotLeft()) / scale);
}

void StepTimelineView::zoomIn() { zoomBy(kKeyZoom, plotLeft() + plotWidth() / 2); }

void StepTimelineView::zoomOut() { zoomBy(1.0 / kKeyZoom, plotLeft() + plotWidth() / 2); }

void StepTimelineView::resetZoom() { setView(fitPixelsPerUs(), 0.0); }

void StepTimelineView::panByPixels(double pixels) { setView(m_pixelsPerUs, m_viewStartUs + pixels / m_pixelsPerUs); }

void StepTimelineView::layoutRows() {
    m_rows.clear();
    if (!m_pair) return;
    double y = kTopMargin;
    for (int row = 0; row < 2; ++row) {
        const TraceStep& s = *step(row);
        RowGeometry g;
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

void StepTimelineView::placeItems() {
    m_items.clear();
    if (!m_pair) return;
    const auto barRect = [this](const TimeSpan& span, double top, double height) {
        return QRectF(xForTime(span.startUs), top, std::max(1.0, span.durationUs * m_pixelsPerUs), height);
    };
    for (int row = 0; row < 2; ++row) {
        const TraceStep& s = *step(row);
        const RowGeometry& g = m_rows[std::size_t(row)];
        const double gpuHeight = g.bottom - g.gpuTop;
        for (const auto& gap : s.idleGaps) {
            m_items.push_back({barRect(gap, g.gpuTop, gpuHeight), row, Lane::Idle, Style::Idle, {},
                               tr("GPU idle %1\nfrom %2 to %3 of the step: no kernel, copy or set runs")
                                   .arg(formatDuration(gap.durationUs), formatDuration(gap.startUs),
                                        formatDuration(gap.endUs()))});
        }
        for (const auto& phase : s.phases) {
            m_items.push_back({barRect(phase.span, g.phaseTop, kPhase), row, Lane::Phase, Style::Phase, phase.name,
                               phase.name + QLatin1Char('\n') + tr("phase") + timing(phase.span)});
        }
        for (const auto& call : s.calls) {
            m_items.push_back({barRect(call.span, g.cpuTop, kCpu), row, Lane::Cpu, callStyle(call.kind),
                               withoutVersionSuffix(call.name),
                               call.name + QLatin1Char('\n') + callDescription(call.kind) + timing(call.span)});
        }
        for (const auto& graph : s.graphs) {
            if (g.graphTop < 0) break;
            m_items.push_back({barRect(graph.span, g.graphTop, kGraph), row, Lane::Graph, Style::Graph, graph.name,
                               workToolTip(graph)});
        }
        int kernelIndex = 0;
        for (const auto& work : s.work) {
            const auto lane = std::find(g.streams.begin(), g.streams.end(), work.stream) - g.streams.begin();
            const double top = g.gpuTop + double(lane) * (kGpu + kLaneGap);
            Style style = Style::Memcpy;
            QString label = work.name;
            if (work.kind == GpuWorkKind::Kernel) {
                style = kernelIndex++ % 2 == 0 ? Style::Kernel : Style::KernelAlt;  // neighbours stay apart
                label = shortKernelName(work.name);
            } else if (work.kind == GpuWorkKind::Memset) {
                style = Style::Memset;
            }
            m_items.push_back({barRect(work.span, top, kGpu), row, Lane::Gpu, style, label, workToolTip(work)});
        }
    }
}

QString StepTimelineView::toolTipAt(const QPointF& pos) const {
    if (!m_pair) return {};
    for (int row = 0; row < 2; ++row) {
        const RowGeometry& g = m_rows[std::size_t(row)];
        if (pos.y() >= g.top && pos.y() < g.top + kHeader) {
            const TraceStep& s = *step(row);
            return tr("%1: step %2 of %3 profiled in %4, %5\n%6 — time inside the step when no kernel, copy or set "
                      "runs on the GPU")
                .arg(rowTitle(row))
                .arg(s.index + 1)
                .arg(s.stepCount)
                .arg(s.section, formatDuration(s.durationUs), idleSummary(s));
        }
    }
    if (pos.x() < plotLeft() || pos.x() > plotLeft() + plotWidth()) return {};
    // The bar under the cursor, or within 2 px of it (a 1 px kernel is hard to hit).
    const PlacedItem* best = nullptr;
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
    if (best) {
        if (under > 1) return best->toolTip + QLatin1Char('\n') + tr("(%n more here: zoom in)", nullptr, under - 1);
        return best->toolTip;
    }
    for (const auto& item : m_items) {
        if (item.lane == Lane::Idle && item.rect.contains(pos)) return item.toolTip;
    }
    return {};
}

QString StepTimelineView::idleSummary(const TraceStep& step) {
    const double percent = step.durationUs > 0 ? 100.0 * step.idleUs / step.durationUs : 0.0;
    return tr("GPU idle %1 of %2 (%3%)")
        .arg(formatDuration(step.idleUs), formatDuration(step.durationUs))
        .arg(percent, 0, 'f', 0);
}

QString StepTimelineView::formatDuration(double us) {
    const double magnitude = std::abs(us);
    if (magnitude >= 1000) return tr("%1 ms").arg(us / 1000.0, 0, 'f', 2);
    if (magnitude >= 100) return tr("%1 µs").arg(us, 0, 'f', 0);
    if (magnitude >= 10) return tr("%1 µs").arg(us, 0, 'f', 1);
    if (magnitude >= 1 || magnitude == 0) return tr("%1 µs").arg(us, 0, 'f', magnitude == 0 ? 0 : 2);
    return tr("%1 ns").arg(us * 1000.0, 0, 'f', 0);
}

QSize StepTimelineView::sizeHint() const { return {900, minimumSizeHint().height()}; }

QSize StepTimelineView::minimumSizeHint() const {
    const double rows = m_rows.empty() ? 2 * (kHeader + kPhase + kCpu + kGpu + kRowGap + 4 * kLaneGap)
                                       : m_rows.back().bottom;
    return {int(kLabelWidth + kRightMargin + 200), int(std::ceil(rows + kAxis + kTopMargin))};
}

QColor StepTimelineView::colourOf(Style style) const {
    // Okabe–Ito hues (as the other charts) on both light and dark palettes; greys from neither end.
    switch (style) {
    case Style::Phase: return QColor(0xb4, 0xc3, 0xd2);
    case Style::Launch: return QColor(0x00, 0x72, 0xb2);
    case Style::GraphLaunch: return QColor(0x00, 0x9e, 0x73);
    case Style::Synchronize: return QColor(0x99, 0x99, 0x99);
    case Style::CopyCall: return QColor(0xf0, 0xe4, 0x42);  // yellow: apart from the vermilion idle hatch
    case Style::OtherCall: return QColor(0xc4, 0xc4, 0xc4);
    case Style::Kernel: return QColor(0x56, 0xb4, 0xe9);
    case Style::KernelAlt: return QColor(0x00, 0x72, 0xb2);
    case Style::Memcpy: return QColor(0xf0, 0xe4, 0x42);
    case Style::Memset: return QColor(0xcc, 0x79, 0xa7);
    case Style::Graph: return QColor(0x00, 0x9e, 0x73);
    case Style::Idle: return QColor(0xd5, 0x5e, 0x00);
    }
    return palette().color(QPalette::Mid);
}

void StepTimelineView::paintRowFrame(QPainter& painter, int row) const {
    const TraceStep& s = *step(row);
    const RowGeometry& g = m_rows[std::size_t(row)];
    const QColor text = palette().color(QPalette::WindowText);
    const QColor base = palette().color(QPalette::Base);
    const double right = plotLeft() + plotWidth();

    // Header: title and step on the left, the idle sum with its swatch on the right.
    QFont bold = font();
    bold.setBold(true);
    painter.setPen(text);
    painter.setFont(bold);
    const QFontMetricsF boldMetrics(bold);
    const QString title = rowTitle(row);
    const double baseline = g.top + kHeader - 8;
    painter.drawText(QPointF(8, baseline), title);
    painter.setFont(font());
    painter.drawText(QPointF(plotLeft(), baseline),
                     tr("step %1 of %2 · %3").arg(s.index + 1).arg(s.stepCount).arg(formatDuration(s.durationUs)));
    const QString idle = idleSummary(s);
    const double idleWidth = boldMetrics.horizontalAdvance(idle);
    const QRectF swatch(right - idleWidth - 20, baseline - 11, 14, 12);
    painter.fillRect(swatch, QColor(0xd5, 0x5e, 0x00, 70));
    painter.fillRect(swatch, QBrush(QColor(0xd5, 0x5e, 0x00), Qt::BDiagPattern));
    painter.setFont(bold);
    painter.drawText(QPointF(right - idleWidth, baseline), idle);
    painter.setFont(font());

    // Lane names, and the lanes' ground over the step's own span: a shorter step ends visibly earlier.
    const auto laneName = [&](const QString& name, double top, double height) {
        painter.setPen(text);
        painter.drawText(QRectF(8, top, kLabelWidth - 14, height), Qt::AlignVCenter | Qt::AlignRight, name);
    };
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    painter.setFont(small);
    laneName(tr("phases"), g.phaseTop, kPhase);
    laneName(tr("CPU calls"), g.cpuTop, kCpu);
    if (g.graphTop >= 0) laneName(tr("graphs"), g.graphTop, kGraph);
    for (std::size_t i = 0; i < g.streams.size(); ++i) {
        const double top = g.gpuTop + double(i) * (kGpu + kLaneGap);
        laneName(g.streams.size() > 1 ? tr("GPU s%1").arg(g.streams[i]) : tr("GPU"), top, kGpu);
    }
    painter.setFont(font());

    painter.save();
    painter.setClipRect(QRectF(plotLeft(), g.top, plotWidth() + 1, g.bottom - g.top + 1));
    const double stepLeft = xForTime(0);
    const double stepRight = xForTime(s.durationUs);
    const auto ground = [&](double top, double height) {
        painter.fillRect(QRectF(stepLeft, top, stepRight - stepLeft, height), base);
    };
    ground(g.cpuTop, kCpu);
    for (std::size_t i = 0; i < g.streams.size(); ++i) ground(g.gpuTop + double(i) * (kGpu + kLaneGap), kGpu);
    QPen end(text, 1.5, Qt::DashLine);
    painter.setPen(end);
    painter.drawLine(QPointF(stepRight, g.phaseTop), QPointF(stepRight, g.bottom));
    painter.restore();
}

void StepTimelineView::paintAxis(QPainter& painter) const {
    const double top = m_rows.back().bottom + 6;
    const double right = plotLeft() + plotWidth();
    const QColor text = palette().color(QPalette::WindowText);
    QColor grid = text;
    grid.setAlphaF(0.15);
    const double stepUs = niceStep(90.0 / m_pixelsPerUs);
    const double first = std::ceil(m_viewStartUs / stepUs) * stepUs;
    const QFontMetricsF metrics(font());
    painter.setPen(text);
    painter.drawLine(QPointF(plotLeft(), top), QPointF(right, top));
    for (double tick = first; xForTime(tick) <= right + 0.5; tick += stepUs) {
        const double x = xForTime(tick);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, kTopMargin + kHeader), QPointF(x, top));
        painter.setPen(text);
        painter.drawLine(QPointF(x, top), QPointF(x, top + 4));
        const QString label = tickLabel(std::abs(tick) < stepUs * 1e-6 ? 0.0 : tick, stepUs);
        const double w = metrics.horizontalAdvance(label);
        painter.drawText(QPointF(std::clamp(x - w / 2, plotLeft() - w / 2, right - w), top + 4 + metrics.ascent()),
                         label);
    }
    painter.drawText(QPointF(plotLeft(), top + 6 + metrics.height() + metrics.ascent()),
                     tr("Time from the start of each step"));
}

void StepTimelineView::paintEvent(QPaintEvent*) {
    if (!m_pair) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);  // crisp 1 px kernels
    for (int row = 0; row < 2; ++row) paintRowFrame(painter, row);
    paintAxis(painter);

    const QRectF plot(plotLeft(), 0, plotWidth() + 1, height());
    painter.setClipRect(plot);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    painter.setFont(small);
    const QFontMetricsF metrics(small);
    for (const auto& item : m_items) {
        if (item.rect.right() < plot.left() || item.rect.left() > plot.right()) continue;
        const QColor colour = colourOf(item.style);
        if (item.style == Style::Idle) {
            QColor wash = colour;
            wash.setAlpha(60);
            painter.fillRect(item.rect, wash);
            painter.fillRect(item.rect, QBrush(colour, Qt::BDiagPattern));
            continue;
        }
        painter.fillRect(item.rect, colour);
        if (item.rect.width() >= 4) {
            painter.setPen(colour.darker(150));
            painter.drawRect(item.rect.adjusted(0, 0, -1, -1));
        }
        // Text inside the visible part of the bar, when it fits.
        const QRectF visible = item.rect.intersected(plot).adjusted(3, 0, -3, 0);
        if (visible.width() < kLabelMinWidth || item.label.isEmpty()) continue;
        const QString label = metrics.elidedText(item.label, Qt::ElideRight, visible.width());
        if (label == QStringLiteral("…")) continue;
        painter.setPen(qGray(colour.rgb()) > 140 ? QColor(Qt::black) : QColor(Qt::white));
        painter.drawText(visible, Qt::AlignVCenter | Qt::AlignLeft, label);
    }
}

bool StepTimelineView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            // Rich text with the names escaped: a kernel's "<float>" must not read as a tag.
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("<p style='white-space:pre-wrap'>") +
                                   text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")) +
                                   QStringLiteral("</p>"),
                               this);
        }
        return true;
    }
    return QWidget::event(event);
}

void StepTimelineView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (!m_pair) return;
    if (m_fitted) {
        m_pixelsPerUs = fitPixelsPerUs();
        m_viewStartUs = 0;
        placeItems();
    } else {
        setView(m_pixelsPerUs, m_viewStartUs);
        placeItems();
    }
}

void StepTimelineView::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    if (event->modifiers().testFlag(Qt::ShiftModifier) || std::abs(delta.x()) > std::abs(delta.y())) {
        const int along = delta.x() != 0 ? delta.x() : delta.y();
        panByPixels(-along / 120.0 * plotWidth() / 8);
    } else {
        zoomBy(std::pow(kWheelZoomPerNotch, delta.y() / 120.0), event->position().x());
    }
    event->accept();
}

void StepTimelineView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_0:
    case Qt::Key_Home: resetZoom(); break;
    case Qt::Key_Left: panByPixels(-plotWidth() / 10); break;
    case Qt::Key_Right: panByPixels(plotWidth() / 10); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void StepTimelineView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragX = event->position().x();
        setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void StepTimelineView::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragX) {
        const double x = event->position().x();
        panByPixels(*m_dragX - x);
        m_dragX = x;
    }
    QWidget::mouseMoveEvent(event);
}

void StepTimelineView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragX.reset();
        setCursor(Qt::OpenHandCursor);
    }
    QWidget::mouseReleaseEvent(event);
}

}  // namespace graphlens::ui
