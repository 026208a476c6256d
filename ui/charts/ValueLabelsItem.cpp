#include "ui/charts/ValueLabelsItem.h"

#include <QAbstractSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <map>

namespace graphlens::ui {

namespace {
constexpr qreal kOffsetPx = 14.0;       // point to the near edge of its label: clear of the interval's caps
constexpr qreal kPadPx = 2.0;           // text to the edge of its backing, left and right
constexpr qreal kGapPx = 2.0;           // between two stacked labels
constexpr qreal kLeaderStartPx = 5.0;   // a leader starts just outside the point's marker
constexpr qreal kLeaderEndPx = 2.0;     // and stops short of the text
constexpr qreal kMovedPx = 1.0;         // a label further than this off its point's height gets a leader

// The colour under the labels: the chart's background, a solid colour once the palette is applied
// (applyChartPalette), Qt's theme gradient before that.
QColor backingColor(const QBrush& brush) {
    if (brush.style() == Qt::SolidPattern) return brush.color();
    if (const QGradient* gradient = brush.gradient(); gradient && !gradient->stops().isEmpty()) {
        return gradient->stops().front().second;
    }
    return Qt::white;
}
}  // namespace

ValueLabelsItem::ValueLabelsItem(QChart* chart) : QGraphicsItem(chart), m_chart(chart) {
    setZValue(11);  // above the series and the interval whiskers
    m_font.setBold(true);
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [this](const QRectF&) {
        prepareGeometryChange();
        update();
    });
}

void ValueLabelsItem::clear() {
    m_labels.clear();
    update();
}

void ValueLabelsItem::add(QAbstractSeries* anchor, QPointF at, const QString& text, const QColor& color) {
    m_labels.push_back({anchor, at, text, color});
    update();
}

std::vector<ValueLabelsItem::Placed> ValueLabelsItem::layout() const {
    const QFontMetricsF metrics(m_font);
    const qreal height = metrics.height();
    const QRectF plot = m_chart->plotArea();
    const qreal minTop = plot.top() - height / 2;  // a label of a point on the top edge stays centred on it
    const qreal maxBottom = plot.bottom();         // never over the x axis' tick labels
    const qreal rightEdge = m_chart->rect().right();

    // Labels of one x (one batch: the curves share the x axis) form a column, top first.
    std::map<qint64, std::vector<Placed>> columns;
    for (int i = 0; i < int(m_labels.size()); ++i) {
        const auto& label = m_labels[size_t(i)];
        if (!label.anchor || !label.anchor->isVisible()) continue;  // gone, or its curve hidden in the legend
        const QPointF point = m_chart->mapToPosition(label.at, label.anchor);
        if (!std::isfinite(point.x()) || !std::isfinite(point.y())) continue;
        columns[qRound64(point.x() * 2)].push_back({i, point, {}, false});
    }

    std::vector<Placed> placed;
    for (auto& [key, column] : columns) {
        std::stable_sort(column.begin(), column.end(), [](const Placed& a, const Placed& b) { return a.point.y() < b.point.y(); });
        qreal widest = 0;
        for (const auto& p : column) widest = std::max(widest, metrics.horizontalAdvance(m_labels[size_t(p.label)].text) + 2 * kPadPx);
        const bool right = column.front().point.x() + kOffsetPx + widest <= rightEdge;  // else left of the points

        // Stack the labels: each wants to be centred on its point; labels that would overlap merge into
        // a cluster centred on the mean of what its labels want, clamped into the plot's height.
        const int n = int(column.size());
        std::vector<qreal> wanted(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) wanted[size_t(i)] = column[size_t(i)].point.y() - height / 2;
        struct Cluster {
            int first, last;
            qreal top;
        };
        const auto span = [&](const Cluster& c) { return (c.last - c.first + 1) * height + (c.last - c.first) * kGapPx; };
        const auto fit = [&](Cluster& c) {
            qreal sum = 0;
            for (int j = c.first; j <= c.last; ++j) sum += wanted[size_t(j)] - (j - c.first) * (height + kGapPx);
            c.top = std::max(minTop, std::min(sum / (c.last - c.first + 1), maxBottom - span(c)));
        };
        std::vector<Cluster> clusters;
        for (int i = 0; i < n; ++i) {
            Cluster c{i, i, 0};
            fit(c);
            while (!clusters.empty() && clusters.back().top + span(clusters.back()) + kGapPx > c.top) {
                c.first = clusters.back().first;
                clusters.pop_back();
                fit(c);
            }
            clusters.push_back(c);
        }
        for (const auto& c : clusters) {
            for (int j = c.first; j <= c.last; ++j) {
                auto& p = column[size_t(j)];
                const qreal width = metrics.horizontalAdvance(m_labels[size_t(p.label)].text) + 2 * kPadPx;
                const qreal top = c.top + (j - c.first) * (height + kGapPx);
                const qreal left = right ? p.point.x() + kOffsetPx : p.point.x() - kOffsetPx - width;
                p.rect = QRectF(left, top, width, height);
                p.moved = std::abs(p.rect.center().y() - p.point.y()) > kMovedPx;
                placed.push_back(p);
            }
        }
    }

    // What still cannot be read is left out (a stack taller than the plot, a column running into the
    // next one on a narrow chart): the tooltip has every value.
    std::vector<Placed> kept;
    for (const auto& p : placed) {
        const bool outside = p.rect.top() < minTop - 0.5 || p.rect.bottom() > maxBottom + 0.5;
        const bool overlaps = std::any_of(kept.begin(), kept.end(), [&](const Placed& k) { return k.rect.intersects(p.rect); });
        if (!outside && !overlaps) kept.push_back(p);
    }
    return kept;
}

std::vector<ValueLabelsItem::Shown> ValueLabelsItem::shown() const {
    std::vector<Shown> shown;
    for (const auto& p : layout()) {
        shown.push_back({m_labels[size_t(p.label)].text, mapRectToScene(p.rect), mapToScene(p.point), p.moved});
    }
    return shown;
}

QRectF ValueLabelsItem::boundingRect() const {
    // Labels beside points at the plot's edges reach into its margins: the whole chart is the bound.
    return m_chart->rect();
}

void ValueLabelsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->save();
    painter->setFont(m_font);
    painter->setRenderHint(QPainter::Antialiasing);
    for (const auto& p : layout()) {
        const auto& label = m_labels[size_t(p.label)];
        const bool right = p.rect.left() > p.point.x();
        if (p.moved) {
            QColor leader = label.color;
            leader.setAlphaF(0.7f);
            painter->setPen(QPen(leader, 1.0));
            const qreal side = right ? 1.0 : -1.0;
            painter->drawLine(QPointF(p.point.x() + side * kLeaderStartPx, p.point.y()),
                              QPointF(right ? p.rect.left() - kLeaderEndPx : p.rect.right() + kLeaderEndPx, p.rect.center().y()));
        }
        // Backed by the chart's background, so a curve running under a label does not cross out its digits.
        QColor backing = backingColor(m_chart->backgroundBrush());
        backing.setAlphaF(0.85f);
        painter->setPen(Qt::NoPen);
        painter->setBrush(backing);
        painter->drawRoundedRect(p.rect, 2, 2);
        painter->setPen(label.color);
        painter->drawText(p.rect, Qt::AlignCenter, label.text);
    }
    painter->restore();
}

}  // namespace graphlens::ui
