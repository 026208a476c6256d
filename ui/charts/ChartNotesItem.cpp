#include "ui/charts/ChartNotesItem.h"

#include <QAbstractSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QPainter>

namespace graphlens::ui {

namespace {
constexpr qreal kGapPx = 4.0;  // between the point and the bottom of its note
}  // namespace

ChartNotesItem::ChartNotesItem(QChart* chart) : QGraphicsItem(chart), m_chart(chart), m_color(Qt::black) {
    setZValue(11);
    m_font.setPointSizeF(m_font.pointSizeF() * 0.85);
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [this](const QRectF&) {
        prepareGeometryChange();
        update();
    });
}

void ChartNotesItem::clear() {
    m_notes.clear();
    update();
}

void ChartNotesItem::add(QAbstractSeries* anchor, QPointF at, const QString& text) {
    m_notes.push_back({anchor, at, text});
    update();
}

void ChartNotesItem::setColor(const QColor& color) {
    m_color = color;
    update();
}

QStringList ChartNotesItem::texts() const {
    QStringList texts;
    for (const auto& note : m_notes) texts << note.text;
    return texts;
}

QRectF ChartNotesItem::boundingRect() const {
    // Notes over the tallest bars rise into the title's margin: the whole chart is the bound.
    return m_chart->rect();
}

void ChartNotesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->save();
    painter->setFont(m_font);
    painter->setPen(m_color);
    const QFontMetricsF metrics(m_font);
    for (const auto& note : m_notes) {
        if (!note.anchor || !note.anchor->isVisible()) continue;
        const QPointF point = m_chart->mapToPosition(note.at, note.anchor);
        // Lines stack upwards from the point, the last line nearest to it, each centred.
        const QStringList lines = note.text.split(QLatin1Char('\n'));
        qreal baseline = point.y() - kGapPx - metrics.descent();
        for (auto line = lines.crbegin(); line != lines.crend(); ++line) {
            painter->drawText(QPointF(point.x() - metrics.horizontalAdvance(*line) / 2, baseline), *line);
            baseline -= metrics.lineSpacing();
        }
    }
    painter->restore();
}

}  // namespace graphlens::ui
