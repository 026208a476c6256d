#include "ui/timeline/TimelinePainter.h"

#include "ui/timeline/TimelineText.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {

using Layout = TimelineLayout;

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::StepTimelineView", text); }

constexpr double kLabelMinWidth = 28;  // narrower bars carry no text

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
        return tr("%1 ms").arg(us / 1000.0, 0, 'f', decimals);
    }
    const int decimals = std::max(0, int(std::ceil(-std::log10(stepUs) - 1e-9)));
    return tr("%1 µs").arg(us, 0, 'f', decimals);
}

QFont smallerFont(const QFont& font) {
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.85);
    return small;
}

}  // namespace

TimelinePainter::TimelinePainter(QPainter& painter, const QPalette& palette, const QFont& font, const TimelineAxis& axis)
    : m_painter(painter), m_palette(palette), m_font(font), m_axis(axis) {}

QColor TimelinePainter::colourOf(TimelineStyle style) {
    using Style = TimelineStyle;
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
    return QColor(0x99, 0x99, 0x99);
}

void TimelinePainter::paint(const StepPair& pair, const TimelineLayout& layout, double height) {
    if (layout.rows().size() != 2) return;
    m_painter.setRenderHint(QPainter::Antialiasing, false);  // crisp 1 px kernels
    for (int row = 0; row < 2; ++row) paintRowFrame(row == 0 ? pair.eager : pair.graphed, row, layout.rows()[std::size_t(row)]);
    paintAxis(layout.rows().back().bottom + 6);
    paintItems(layout.items(), height);
}

void TimelinePainter::paintRowFrame(const TraceStep& s, int row, const TimelineLayout::Row& g) {
    QPainter& painter = m_painter;
    const QColor text = m_palette.color(QPalette::WindowText);
    const QColor base = m_palette.color(QPalette::Base);
    const double right = m_axis.plotRight();

    // Header: title and step on the left, the idle sum with its swatch on the right.
    QFont bold = m_font;
    bold.setBold(true);
    painter.setPen(text);
    painter.setFont(bold);
    const QFontMetricsF boldMetrics(bold);
    const double baseline = g.top + Layout::kHeader - 8;
    painter.drawText(QPointF(8, baseline), timeline_text::rowTitle(row));
    painter.setFont(m_font);
    painter.drawText(QPointF(m_axis.plotLeft, baseline), tr("step %1 of %2 · %3")
                                                             .arg(s.index + 1)
                                                             .arg(s.stepCount)
                                                             .arg(timeline_text::formatDuration(s.durationUs)));
    const QString idle = timeline_text::idleSummary(s);
    const double idleWidth = boldMetrics.horizontalAdvance(idle);
    const QRectF swatch(right - idleWidth - 20, baseline - 11, 14, 12);
    painter.fillRect(swatch, QColor(0xd5, 0x5e, 0x00, 70));
    painter.fillRect(swatch, QBrush(QColor(0xd5, 0x5e, 0x00), Qt::BDiagPattern));
    painter.setFont(bold);
    painter.drawText(QPointF(right - idleWidth, baseline), idle);

    // Lane names, and the lanes' ground over the step's own span: a shorter step ends visibly earlier.
    const auto laneName = [&](const QString& name, double top, double height) {
        painter.setPen(text);
        painter.drawText(QRectF(8, top, Layout::kLabelWidth - 14, height), Qt::AlignVCenter | Qt::AlignRight, name);
    };
    painter.setFont(smallerFont(m_font));
    laneName(tr("phases"), g.phaseTop, Layout::kPhase);
    laneName(tr("CPU calls"), g.cpuTop, Layout::kCpu);
    if (g.graphTop >= 0) laneName(tr("graphs"), g.graphTop, Layout::kGraph);
    for (std::size_t i = 0; i < g.streams.size(); ++i) {
        laneName(g.streams.size() > 1 ? tr("GPU s%1").arg(g.streams[i]) : tr("GPU"), g.streamTop(i), Layout::kGpu);
    }
    painter.setFont(m_font);

    painter.save();
    painter.setClipRect(QRectF(m_axis.plotLeft, g.top, m_axis.plotWidth + 1, g.bottom - g.top + 1));
    const double stepLeft = m_axis.xForTime(0);
    const double stepRight = m_axis.xForTime(s.durationUs);
    painter.fillRect(QRectF(stepLeft, g.cpuTop, stepRight - stepLeft, Layout::kCpu), base);
    for (std::size_t i = 0; i < g.streams.size(); ++i) {
        painter.fillRect(QRectF(stepLeft, g.streamTop(i), stepRight - stepLeft, Layout::kGpu), base);
    }
    painter.setPen(QPen(text, 1.5, Qt::DashLine));
    painter.drawLine(QPointF(stepRight, g.phaseTop), QPointF(stepRight, g.bottom));
    painter.restore();
}

void TimelinePainter::paintAxis(double top) {
    QPainter& painter = m_painter;
    const double right = m_axis.plotRight();
    const QColor text = m_palette.color(QPalette::WindowText);
    QColor grid = text;
    grid.setAlphaF(0.15);
    const double stepUs = niceStep(90.0 / m_axis.pixelsPerUs);
    const double first = std::ceil(m_axis.viewStartUs / stepUs) * stepUs;
    const QFontMetricsF metrics(m_font);
    painter.setPen(text);
    painter.drawLine(QPointF(m_axis.plotLeft, top), QPointF(right, top));
    for (double tick = first; m_axis.xForTime(tick) <= right + 0.5; tick += stepUs) {
        const double x = m_axis.xForTime(tick);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, Layout::kTopMargin + Layout::kHeader), QPointF(x, top));
        painter.setPen(text);
        painter.drawLine(QPointF(x, top), QPointF(x, top + 4));
        const QString label = tickLabel(std::abs(tick) < stepUs * 1e-6 ? 0.0 : tick, stepUs);
        const double w = metrics.horizontalAdvance(label);
        painter.drawText(QPointF(std::clamp(x - w / 2, m_axis.plotLeft - w / 2, right - w), top + 4 + metrics.ascent()),
                         label);
    }
    painter.drawText(QPointF(m_axis.plotLeft, top + 6 + metrics.height() + metrics.ascent()),
                     tr("Time from the start of each step"));
}

void TimelinePainter::paintItems(const std::vector<TimelineItem>& items, double height) {
    QPainter& painter = m_painter;
    const QRectF plot(m_axis.plotLeft, 0, m_axis.plotWidth + 1, height);
    painter.setClipRect(plot);
    const QFont small = smallerFont(m_font);
    painter.setFont(small);
    const QFontMetricsF metrics(small);
    for (const auto& item : items) {
        if (item.rect.right() < plot.left() || item.rect.left() > plot.right()) continue;
        const QColor colour = colourOf(item.style);
        if (item.style == TimelineStyle::Idle) {
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

}  // namespace graphlens::ui
