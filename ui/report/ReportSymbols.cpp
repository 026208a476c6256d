#include "ui/report/ReportSymbols.h"

#include "ui/charts/ChartLegendItem.h"

#include <QBarLegendMarker>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QPainterPath>
#include <QScatterSeries>
#include <QXYSeries>

#include <array>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace graphlens::ui {
namespace {

constexpr double kPi = 3.14159265358979323846;

enum class Kind { Line, Points, Bar };
enum class Shape { None, Circle, Square, Triangle, Diamond, TriangleDown, Star };
constexpr std::array<Shape, 6> kShapes{Shape::Circle, Shape::Square, Shape::Triangle, Shape::Diamond,
                                       Shape::TriangleDown, Shape::Star};
// The solid fill first: a chart with one set of bars keeps its look.
constexpr std::array<Qt::BrushStyle, 7> kHatches{Qt::SolidPattern, Qt::BDiagPattern, Qt::CrossPattern,
                                                 Qt::FDiagPattern, Qt::HorPattern, Qt::VerPattern,
                                                 Qt::DiagCrossPattern};

struct Symbol {
    Kind kind = Kind::Line;
    Qt::PenStyle line = Qt::SolidLine;
    Shape shape = Shape::None;
    bool hollow = false;
    Qt::BrushStyle hatch = Qt::SolidPattern;
};

QString shapeGlyph(Shape shape, bool hollow) {
    switch (shape) {
    case Shape::Circle: return hollow ? QStringLiteral("○") : QStringLiteral("●");
    case Shape::Square: return hollow ? QStringLiteral("□") : QStringLiteral("■");
    case Shape::Triangle: return hollow ? QStringLiteral("△") : QStringLiteral("▲");
    case Shape::Diamond: return hollow ? QStringLiteral("◇") : QStringLiteral("◆");
    case Shape::TriangleDown: return hollow ? QStringLiteral("▽") : QStringLiteral("▼");
    case Shape::Star: return hollow ? QStringLiteral("☆") : QStringLiteral("★");
    case Shape::None: break;
    }
    return {};
}

QString lineGlyph(Qt::PenStyle style) {
    switch (style) {
    case Qt::SolidLine: return QStringLiteral("━");
    case Qt::DashLine: return QStringLiteral("╍");
    case Qt::DotLine: return QStringLiteral("┉");
    case Qt::DashDotLine: return QStringLiteral("╺╸");
    default: break;
    }
    return QStringLiteral("┅");
}

QString hatchGlyph(Qt::BrushStyle hatch) {
    switch (hatch) {
    case Qt::BDiagPattern: return QStringLiteral("▨");
    case Qt::CrossPattern: return QStringLiteral("▦");
    case Qt::FDiagPattern: return QStringLiteral("▧");
    case Qt::HorPattern: return QStringLiteral("▤");
    case Qt::VerPattern: return QStringLiteral("▥");
    case Qt::DiagCrossPattern: return QStringLiteral("▩");
    default: break;
    }
    return QStringLiteral("█");
}

QString glyphOf(const Symbol& symbol) {
    switch (symbol.kind) {
    case Kind::Bar: return hatchGlyph(symbol.hatch);
    case Kind::Points: return shapeGlyph(symbol.shape, false);
    case Kind::Line: break;
    }
    const QString line = lineGlyph(symbol.line);
    return symbol.shape == Shape::None ? line + line + line : line + shapeGlyph(symbol.shape, symbol.hollow) + line;
}

QPainterPath shapePath(Shape shape, const QRectF& box) {
    QPainterPath path;
    const QPointF c = box.center();
    const qreal r = box.width() / 2;
    switch (shape) {
    case Shape::Square: path.addRect(box.adjusted(r * 0.12, r * 0.12, -r * 0.12, -r * 0.12)); break;
    case Shape::Triangle:
        path.addPolygon(QPolygonF{{c.x(), box.top()}, {box.right(), box.bottom() - r * 0.2}, {box.left(), box.bottom() - r * 0.2}});
        path.closeSubpath();
        break;
    case Shape::TriangleDown:
        path.addPolygon(QPolygonF{{box.left(), box.top() + r * 0.2}, {box.right(), box.top() + r * 0.2}, {c.x(), box.bottom()}});
        path.closeSubpath();
        break;
    case Shape::Diamond:
        path.addPolygon(QPolygonF{{c.x(), box.top()}, {box.right(), c.y()}, {c.x(), box.bottom()}, {box.left(), c.y()}});
        path.closeSubpath();
        break;
    case Shape::Star: {
        QPolygonF star;
        for (int i = 0; i < 10; ++i) {
            const qreal radius = i % 2 == 0 ? r : r * 0.45;
            const qreal angle = -kPi / 2 + i * kPi / 5;
            star << QPointF(c.x() + radius * std::cos(angle), c.y() + radius * std::sin(angle));
        }
        path.addPolygon(star);
        path.closeSubpath();
        break;
    }
    case Shape::Circle:
    case Shape::None: path.addEllipse(box); break;
    }
    return path;
}

// Drawn large and scaled down to the marker size by Qt Charts: smooth at any size.
QImage markerImage(Shape shape, bool hollow, const QColor& color) {
    constexpr int side = 64;
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(hollow ? color : color.darker(140), hollow ? side / 7.0 : side / 16.0));
    painter.setBrush(hollow ? QColor(Qt::white) : color);
    painter.drawPath(shapePath(shape, QRectF(side * 0.1, side * 0.1, side * 0.8, side * 0.8)));
    return image;
}

// The set's colour under a hatch of its darker shade: the hue still reads in colour, the hatch in grey.
QBrush hatchBrush(Qt::BrushStyle hatch, const QColor& color) {
    if (hatch == Qt::SolidPattern) return QBrush(color);
    QImage tile(12, 12, QImage::Format_ARGB32_Premultiplied);
    tile.fill(color.lighter(125));
    QPainter painter(&tile);
    painter.fillRect(tile.rect(), QBrush(color.darker(190), hatch));
    return QBrush(tile);
}

// The first symbol of `candidates` whose glyph no entry has yet.
template <typename Candidates>
Symbol firstUnused(const Candidates& candidates, std::set<QString>& used) {
    for (const auto& symbol : candidates) {
        if (used.insert(glyphOf(symbol)).second) return symbol;
    }
    return candidates.front();  // more entries than symbols: the glyph repeats rather than vanish
}

Symbol lineSymbol(const QXYSeries& series, int ordinal, std::set<QString>& used) {
    const Qt::PenStyle style = series.pen().style();
    std::vector<Symbol> candidates;
    // A line drawn without points keeps none unless another such line has its style.
    if (!series.pointsVisible()) candidates.push_back({Kind::Line, style, Shape::None, false});
    const bool hollow = style != Qt::SolidLine;  // the window's convention: graphed dashed lines have rings
    for (bool fill : {hollow, !hollow}) {
        for (std::size_t k = 0; k < kShapes.size(); ++k) {
            candidates.push_back({Kind::Line, style, kShapes[(std::size_t(ordinal) + k) % kShapes.size()], fill});
        }
    }
    return firstUnused(candidates, used);
}

Symbol pointSymbol(const QScatterSeries& series, std::set<QString>& used) {
    const Shape own = series.markerShape() == QScatterSeries::MarkerShapeRectangle       ? Shape::Square
                      : series.markerShape() == QScatterSeries::MarkerShapeTriangle      ? Shape::Triangle
                      : series.markerShape() == QScatterSeries::MarkerShapeRotatedRectangle ? Shape::Diamond
                      : series.markerShape() == QScatterSeries::MarkerShapeStar          ? Shape::Star
                                                                                         : Shape::Circle;
    std::vector<Symbol> candidates{{Kind::Points, Qt::NoPen, own}};
    for (Shape shape : {Shape::Circle, Shape::Square, Shape::Triangle, Shape::Diamond, Shape::Star}) {
        candidates.push_back({Kind::Points, Qt::NoPen, shape});
    }
    return firstUnused(candidates, used);
}

QScatterSeries::MarkerShape scatterShape(Shape shape) {
    switch (shape) {
    case Shape::Square: return QScatterSeries::MarkerShapeRectangle;
    case Shape::Triangle: return QScatterSeries::MarkerShapeTriangle;
    case Shape::Diamond: return QScatterSeries::MarkerShapeRotatedRectangle;
    case Shape::Star: return QScatterSeries::MarkerShapeStar;
    default: break;
    }
    return QScatterSeries::MarkerShapeCircle;
}

void restyle(QXYSeries& series, const Symbol& symbol) {
    if (symbol.shape == Shape::None) return;
    const QColor color = series.pen().color();
    series.setPointsVisible(true);
    series.setMarkerSize(12);
    series.setLightMarker(markerImage(symbol.shape, symbol.hollow, color));
    series.setSelectedLightMarker(markerImage(symbol.shape, false, color.darker(150)));
}

}  // namespace

QList<ReportLegendEntry> giveDistinctSymbols(const QList<QChart*>& charts) {
    QList<ReportLegendEntry> legend;
    std::set<QString> used;
    std::map<QString, Symbol> byEntry;  // label, colour and line style: one entry across panels
    int lines = 0;
    int bars = 0;
    for (auto* chart : charts) {
        if (!chart || !chart->isVisible()) continue;
        const auto markers = chart->legend()->markers();
        for (auto* marker : markers) {
            if (!ChartLegendItem::listed(marker)) continue;
            auto* bar = qobject_cast<QBarLegendMarker*>(marker);
            auto* scatter = qobject_cast<QScatterSeries*>(marker->series());
            auto* xy = qobject_cast<QXYSeries*>(marker->series());
            if (!bar && !xy) continue;
            const QColor color = bar ? bar->barset()->color() : scatter ? scatter->color() : xy->pen().color();
            const QString key = marker->label() + QLatin1Char('|') + color.name() + QLatin1Char('|') +
                                QString::number(bar || scatter ? 0 : int(xy->pen().style()));
            auto known = byEntry.find(key);
            if (known == byEntry.end()) {
                Symbol symbol;
                if (bar) {
                    std::vector<Symbol> candidates;
                    for (std::size_t k = 0; k < kHatches.size(); ++k) {
                        candidates.push_back({Kind::Bar, Qt::NoPen, Shape::None, false, kHatches[(std::size_t(bars) + k) % kHatches.size()]});
                    }
                    symbol = firstUnused(candidates, used);
                    ++bars;
                } else if (scatter) {
                    symbol = pointSymbol(*scatter, used);
                } else {
                    symbol = lineSymbol(*xy, lines++, used);
                }
                known = byEntry.emplace(key, symbol).first;
                legend.append({marker->label(), color, glyphOf(symbol)});
            }
            const Symbol& symbol = known->second;
            if (bar) {
                bar->barset()->setBrush(hatchBrush(symbol.hatch, color));
            } else if (scatter) {
                scatter->setMarkerShape(scatterShape(symbol.shape));
            } else {
                restyle(*xy, symbol);
            }
        }
    }
    return legend;
}

}  // namespace graphlens::ui
