#pragma once
// The legend of a chart view, drawn below its plot(s) and wrapped onto as many rows as its entries
// need. Qt's own legend lays its markers out on one row and elides every label that does not fit
// ("yolo-t · fp1…" twelve times), which no size of window or export fixes; this one never elides.
// One legend serves every panel of a view (small multiples): an entry shown in several panels is
// listed once. Each label is a text item of its own, so what is drawn can be read back (tests).
#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QString>
#include <vector>

class QAbstractSeries;
class QChart;
class QLegendMarker;
class QGraphicsSimpleTextItem;

namespace graphlens::ui {

struct LegendEntry {
    enum class Glyph { Line, Box, Triangle, Circle, Square };
    QString label;
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;  // of a Line
    Glyph glyph = Glyph::Line;
    bool withMarker = false;  // a Line whose points are drawn: a dot on it
    bool ringMarker = false;  // ... drawn as a ring (ChartStyle::ringMarker) instead
    bool operator==(const LegendEntry& other) const;
};

class ChartLegendItem : public QGraphicsItem {
public:
    explicit ChartLegendItem(QGraphicsItem* parent = nullptr);

    // The entries of the charts' listed legend markers, in chart then marker order, each label once.
    static std::vector<LegendEntry> entriesOf(const QList<QChart*>& charts);
    // A helper series (value labels, say) that no legend lists.
    static void leaveOut(QAbstractSeries* series);
    // Does a legend list this marker: a name, a visible series, not left out? (Qt's own marker
    // visibility cannot tell: it is false for every marker while Qt's legend is hidden.)
    static bool listed(QLegendMarker* marker);

    void setEntries(std::vector<LegendEntry> entries);
    const std::vector<LegendEntry>& entries() const { return m_entries; }
    void setFont(const QFont& font);
    void setTextColor(const QColor& color);
    QColor textColor() const { return m_textColor; }
    // Places the entries in rows no wider than `width`, centred; returns the height they take.
    qreal layOut(qreal width);
    qreal height() const { return m_size.height(); }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void paintGlyph(QPainter* painter, const LegendEntry& entry, const QRectF& box) const;

    std::vector<LegendEntry> m_entries;
    std::vector<QGraphicsSimpleTextItem*> m_labels;  // parallel to m_entries
    std::vector<QRectF> m_glyphs;                    // parallel to m_entries, after layOut
    QFont m_font;
    QColor m_textColor = QColor(0x40, 0x40, 0x40);
    QSizeF m_size;
};

}  // namespace graphlens::ui
