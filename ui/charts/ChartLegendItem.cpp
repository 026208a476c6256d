#include "ui/charts/ChartLegendItem.h"

#include <QBarLegendMarker>
#include <QBarSet>
#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QScatterSeries>
#include <QXYSeries>
#include <algorithm>

namespace graphlens::ui {
namespace {

constexpr qreal kGlyphWidth = 34;  // two dashes and a gap of a 2 px dashed pen, with the marker between
constexpr qreal kGlyphGap = 6;     // glyph to its label
constexpr qreal kEntryGap = 20;    // label to the next glyph
constexpr qreal kRowGap = 3;

// Colour and glyph from the series itself: a marker's own pen is not kept in sync with it.
LegendEntry entryFor(QLegendMarker* marker) {
    LegendEntry entry;
    entry.label = marker->label();
    entry.color = QColor(0x33, 0x33, 0x33);
    if (auto* bar = qobject_cast<QBarLegendMarker*>(marker)) {
        entry.color = bar->barset()->color();
        entry.glyph = LegendEntry::Glyph::Box;
    } else if (auto* scatter = qobject_cast<QScatterSeries*>(marker->series())) {
        entry.color = scatter->color();
        entry.glyph = scatter->markerShape() == QScatterSeries::MarkerShapeTriangle    ? LegendEntry::Glyph::Triangle
                      : scatter->markerShape() == QScatterSeries::MarkerShapeRectangle ? LegendEntry::Glyph::Square
                                                                                       : LegendEntry::Glyph::Circle;
    } else if (auto* xy = qobject_cast<QXYSeries*>(marker->series())) {
        entry.color = xy->pen().color();
        entry.style = xy->pen().style();
        entry.withMarker = xy->pointsVisible();
        entry.ringMarker = !xy->lightMarker().isNull();
    }
    return entry;
}

}  // namespace

bool LegendEntry::operator==(const LegendEntry& other) const {
    return label == other.label && color == other.color && style == other.style && glyph == other.glyph &&
           withMarker == other.withMarker && ringMarker == other.ringMarker;
}

ChartLegendItem::ChartLegendItem(QGraphicsItem* parent) : QGraphicsItem(parent) {
    setAcceptHoverEvents(false);  // the pointer's hover goes to the series under it, never to the legend
    setAcceptedMouseButtons(Qt::NoButton);
}

namespace {
const char* const kLeftOut = "graphlensLeftOutOfLegend";
}  // namespace

void ChartLegendItem::leaveOut(QAbstractSeries* series) { series->setProperty(kLeftOut, true); }

bool ChartLegendItem::listed(QLegendMarker* marker) {
    if (marker->label().isEmpty()) return false;
    auto* series = marker->series();
    return !series || (series->isVisible() && !series->property(kLeftOut).toBool());
}

std::vector<LegendEntry> ChartLegendItem::entriesOf(const QList<QChart*>& charts) {
    std::vector<LegendEntry> entries;
    for (auto* chart : charts) {
        if (!chart || !chart->isVisible()) continue;
        const auto markers = chart->legend()->markers();
        for (auto* marker : markers) {
            if (!listed(marker)) continue;
            const auto entry = entryFor(marker);
            // Panels of one view repeat their series' names: one entry each (same name, same look).
            if (std::find(entries.begin(), entries.end(), entry) == entries.end()) entries.push_back(entry);
        }
    }
    return entries;
}

void ChartLegendItem::setEntries(std::vector<LegendEntry> entries) {
    if (entries == m_entries) return;
    for (auto* label : m_labels) delete label;
    m_labels.clear();
    m_entries = std::move(entries);
    for (const auto& entry : m_entries) {
        auto* label = new QGraphicsSimpleTextItem(entry.label, this);
        label->setFont(m_font);
        label->setBrush(m_textColor);
        label->setAcceptedMouseButtons(Qt::NoButton);
        m_labels.push_back(label);
    }
    m_glyphs.assign(m_entries.size(), QRectF());
}

void ChartLegendItem::setFont(const QFont& font) {
    m_font = font;
    for (auto* label : m_labels) label->setFont(font);
}

void ChartLegendItem::setTextColor(const QColor& color) {
    m_textColor = color;
    for (auto* label : m_labels) label->setBrush(color);
    update();
}

qreal ChartLegendItem::layOut(qreal width) {
    prepareGeometryChange();
    const QFontMetricsF metrics(m_font);
    const qreal lineHeight = metrics.height();
    // Rows first (indices and their width), then each row centred.
    std::vector<std::vector<size_t>> rows;
    std::vector<qreal> rowWidths;
    for (size_t i = 0; i < m_entries.size(); ++i) {
        const qreal entryWidth = kGlyphWidth + kGlyphGap + m_labels[i]->boundingRect().width();
        const qreal needed = rows.empty() || rows.back().empty() ? entryWidth : rowWidths.back() + kEntryGap + entryWidth;
        if (rows.empty() || (needed > width && !rows.back().empty())) {
            rows.push_back({i});
            rowWidths.push_back(entryWidth);
        } else {
            rows.back().push_back(i);
            rowWidths.back() = needed;
        }
    }
    qreal y = 0;
    qreal widest = 0;
    for (size_t r = 0; r < rows.size(); ++r) {
        qreal x = std::max<qreal>(0, (width - rowWidths[r]) / 2);
        for (size_t i : rows[r]) {
            m_glyphs[i] = QRectF(x, y, kGlyphWidth, lineHeight);
            m_labels[i]->setPos(x + kGlyphWidth + kGlyphGap, y);
            x += kGlyphWidth + kGlyphGap + m_labels[i]->boundingRect().width() + kEntryGap;
        }
        widest = std::max(widest, rowWidths[r]);
        y += lineHeight + kRowGap;
    }
    m_size = QSizeF(std::max(width, widest), rows.empty() ? 0 : y - kRowGap);
    update();
    return m_size.height();
}

QRectF ChartLegendItem::boundingRect() const { return QRectF(QPointF(0, 0), m_size); }

void ChartLegendItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    for (size_t i = 0; i < m_entries.size(); ++i) paintGlyph(painter, m_entries[i], m_glyphs[i]);
    painter->restore();
}

void ChartLegendItem::paintGlyph(QPainter* painter, const LegendEntry& entry, const QRectF& box) const {
    const QPointF centre = box.center();
    const qreal side = std::min<qreal>(10, box.height() - 2);
    QRectF mark(0, 0, side, side);
    mark.moveCenter(centre);
    painter->setBrush(entry.color);
    painter->setPen(QPen(entry.color.darker(130), 1));
    switch (entry.glyph) {
    case LegendEntry::Glyph::Box:
    case LegendEntry::Glyph::Square: painter->drawRect(mark); return;
    case LegendEntry::Glyph::Circle: painter->drawEllipse(mark); return;
    case LegendEntry::Glyph::Triangle:
        painter->drawPolygon(QPolygonF{QPointF(centre.x(), mark.top()), mark.bottomRight(), mark.bottomLeft()});
        return;
    case LegendEntry::Glyph::Line: break;
    }
    // A short stretch of the line in its own pen: solid, dashed and dotted read apart here too.
    painter->setPen(QPen(entry.color, 2, entry.style, Qt::FlatCap));
    painter->drawLine(QPointF(box.left(), centre.y()), QPointF(box.right(), centre.y()));
    if (entry.ringMarker) {
        painter->setPen(QPen(entry.color, 1.5));
        painter->setBrush(Qt::white);
        painter->drawEllipse(centre, 3.5, 3.5);
    } else if (entry.withMarker) {  // small, so a dash's gaps still show either side of it
        painter->setPen(Qt::NoPen);
        painter->drawEllipse(centre, 2.5, 2.5);
    }
}

}  // namespace graphlens::ui
