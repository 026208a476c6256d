#include "LegendReadability.h"

#include "ui/charts/ChartLegendItem.h"

#include <QAbstractSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLegend>
#include <QLegendMarker>
#include <algorithm>

namespace graphlens::ui::test {
namespace {

struct DrawnText {
    QString text;
    QRectF rect;  // in scene coordinates
    QFont font;
};

QList<QChart*> visibleCharts(QGraphicsView* view) {
    QList<QChart*> charts;
    const auto items = view->scene()->items();
    for (auto* item : items) {
        if (!item->isWidget() || !item->isVisible()) continue;
        if (auto* chart = qobject_cast<QChart*>(static_cast<QGraphicsWidget*>(item))) charts << chart;
    }
    return charts;
}

// Is the item part of a legend a reader sees: Qt's QLegend or the view's ChartLegendItem?
bool inLegend(QGraphicsItem* item) {
    for (auto* at = item->parentItem(); at; at = at->parentItem()) {
        if (dynamic_cast<ChartLegendItem*>(at)) return true;
        if (at->isWidget() && qobject_cast<QLegend*>(static_cast<QGraphicsWidget*>(at))) return true;
    }
    return false;
}

QList<DrawnText> drawnLegendTexts(QGraphicsView* view) {
    QList<DrawnText> texts;
    const auto items = view->scene()->items();
    for (auto* item : items) {
        if (!item->isVisible() || !inLegend(item)) continue;
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) {
            texts.append({text->toPlainText(), text->sceneBoundingRect(), text->font()});
        } else if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
            texts.append({simple->text(), simple->sceneBoundingRect(), simple->font()});
        }
    }
    return texts;
}

}  // namespace

QStringList expectedLegendLabels(QGraphicsView* view) {
    QStringList labels;
    const auto charts = visibleCharts(view);
    for (auto* chart : charts) {
        const auto markers = chart->legend()->markers();
        for (auto* marker : markers) {
            // Qt's legend shown: its visible markers; hidden (the view draws its own): the listed ones.
            const bool shown = chart->legend()->isVisible() ? marker->isVisible() && !marker->label().isEmpty()
                                                            : ChartLegendItem::listed(marker);
            if (!shown) continue;
            if (marker->series() && !marker->series()->isVisible()) continue;
            if (!labels.contains(marker->label())) labels << marker->label();
        }
    }
    return labels;
}

QStringList elidedTexts(QGraphicsView* view) {
    QStringList elided;
    const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
    const auto items = view->scene()->items(shown);
    for (auto* item : items) {
        if (!item->isVisible() || item->effectiveOpacity() <= 0) continue;
        QString text;
        if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item)) text = rich->toPlainText();
        else if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item)) text = simple->text();
        if (text.contains(QChar(0x2026)) || text.contains(QStringLiteral("..."))) elided << text;
    }
    return elided;
}

QStringList legendProblems(QGraphicsView* view) {
    QStringList problems;
    const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5);
    const auto drawn = drawnLegendTexts(view);
    const auto labels = expectedLegendLabels(view);
    if (labels.isEmpty()) return problems;
    QStringList drawnTexts;
    for (const auto& text : drawn) drawnTexts << text.text;
    for (const auto& label : labels) {
        const auto at = std::find_if(drawn.begin(), drawn.end(), [&](const DrawnText& d) { return d.text == label; });
        if (at == drawn.end()) {
            problems << QStringLiteral("'%1' is not drawn whole; the legend shows: %2")
                            .arg(label, drawnTexts.join(QStringLiteral(" | ")));
            continue;
        }
        if (!shown.contains(at->rect)) {
            problems << QStringLiteral("'%1' is drawn outside the view (at %2,%3 %4×%5, the view shows %6×%7)")
                            .arg(label)
                            .arg(at->rect.x())
                            .arg(at->rect.y())
                            .arg(at->rect.width())
                            .arg(at->rect.height())
                            .arg(shown.width())
                            .arg(shown.height());
        }
        // The box it is given holds the whole text in its font.
        if (QFontMetricsF(at->font).horizontalAdvance(label) > at->rect.width() + 1.0) {
            problems << QStringLiteral("'%1' is wider than the %2 px it is drawn in").arg(label).arg(at->rect.width());
        }
    }
    for (int i = 0; i < drawn.size(); ++i) {
        for (int j = i + 1; j < drawn.size(); ++j) {
            if (drawn[i].rect.intersects(drawn[j].rect) && !drawn[i].text.isEmpty() && !drawn[j].text.isEmpty()) {
                problems << QStringLiteral("'%1' overlaps '%2'").arg(drawn[i].text, drawn[j].text);
            }
        }
    }
    return problems;
}

}  // namespace graphlens::ui::test
