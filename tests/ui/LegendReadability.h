#pragma once
// What a reader of a chart view's legend cannot read: every legend entry of every chart in the
// view's scene (each visible legend marker's label) must be drawn as a text of its own, whole (not
// elided to "yolo-t · fp1…"), inside the view and over no other legend text. Works on Qt's own
// legend (QLegend draws each label as an elided text item) and on the view's wrapped legend alike.
#include <QStringList>

class QGraphicsView;

namespace graphlens::ui::test {

// One line per problem ("'eager · train' drawn as 'eager · tr…'"); empty when the legend reads whole.
QStringList legendProblems(QGraphicsView* view);
// The labels a legend of the view should show (the visible markers' labels, each once).
QStringList expectedLegendLabels(QGraphicsView* view);
// Every text shown in the view's visible part that Qt cut short ("…" or "..."): axis labels and
// titles, category labels, chart titles, legend labels.
QStringList elidedTexts(QGraphicsView* view);

}  // namespace graphlens::ui::test
