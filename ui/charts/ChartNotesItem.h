#pragma once
// Short text notes drawn over a chart at data coordinates, centred above the point they annotate
// ("ceiling 6.7×" over "got 1.9×" above a bar; a note's lines are split at '\n'). Qt Charts labels a point only with its own x or y value;
// this item prints any text, mapped through the axes of the series it is anchored to at paint time,
// so resizes and axis changes keep each note on its point.
#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPointer>
#include <QString>
#include <vector>

class QAbstractSeries;
class QChart;

namespace graphlens::ui {

class ChartNotesItem : public QGraphicsItem {
public:
    explicit ChartNotesItem(QChart* chart);  // a child of the chart, above its series

    void clear();
    void add(QAbstractSeries* anchor, QPointF at, const QString& text);
    void setColor(const QColor& color);
    QStringList texts() const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Note {
        QPointer<QAbstractSeries> anchor;
        QPointF at;
        QString text;
    };

    QChart* m_chart = nullptr;
    std::vector<Note> m_notes;
    QColor m_color;
    QFont m_font;
};

}  // namespace graphlens::ui
