#pragma once
// Shared look of the GUI's charts: one colour per curve (stable by index, independent of how many
// helper series such as error bars are added) and the log2 batch axis.
#include <QColor>
#include <QString>

class QChart;
class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

QColor curveColor(int index);

// Batches are powers of two in practice: base 2 puts a tick on each of them.
QLogValueAxis* makeBatchAxis();
void fitBatchAxis(QLogValueAxis* axis, int minBatch, int maxBatch);

QValueAxis* makeValueAxis(const QString& title);
// From 0 to a round number above `maxValue`, so bars of different runs compare by eye.
void fitValueAxisFromZero(QValueAxis* axis, double maxValue);

void styleChart(QChart* chart, const QString& title);

}  // namespace graphlens::ui
