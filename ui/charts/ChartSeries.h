#pragma once
// The one series-building helper of the charts (ui/charts/SpeedupSeries reshapes its curves for the
// speedup and step-time charts): groups the table model's rows into curves per (family, precision,
// memory_format, phase, scope) and arm, one value per batch, and turns a curve into a Qt series
// with hover tooltips that print the exact value. Charts are views over MeasurementTableModel::rows(); nothing here parses rows.
#include "results/Measurement.h"
#include "ui/charts/PointHighlighter.h"
#include "ui/charts/SeriesGrouping.h"

#include <QColor>
#include <QString>
#include <functional>
#include <optional>
#include <string>
#include <vector>

class QAbstractAxis;
class QChart;
class QLineSeries;

namespace graphlens::ui {

struct SeriesKey {
    std::string family;
    std::string precision;
    std::string memory_format;
    std::string phase;
    std::string scope;  // inference: step | network; training: the graph scope (network | step)
    // The machine the rows come from when the charts draw a series per GPU, host or driver
    // (SeriesGrouping::machineOf: "H200 · GPU-1a2b", "node07"); empty by family.
    std::string machine;
    // How a model file ran, from the rows' jit: "TorchScript", "TorchScript op by op", "AOTInductor";
    // empty for built-in families. The same model as a TorchScript file and as a compiled package
    // (compile versus graphs) is two series.
    std::string form;

    static SeriesKey of(const results::Measurement& row);
    static SeriesKey of(const results::Measurement& row, const SeriesGrouping& grouping);
    bool operator==(const SeriesKey& other) const;
    // "resnet18 · fp16 · nchw · infer · step", "resnet18 · amp-fp16 · nchw · train (step scope)"
    // (empty parts left out).
    std::string label() const;
    // Only what tells this key from the others of `keys` (family, precision, memory format when
    // they differ; the phase always, short): "infer", "fp16 · infer net", "train step". A bar
    // chart's category has room for a few words, not for the whole label.
    std::string distinguishingLabel(const std::vector<SeriesKey>& keys) const;
};

using MetricGetter = std::function<std::optional<double>(const results::Measurement&)>;

struct MetricSpec {
    std::string name;  // e.g. "replays"; the column the value comes from
    MetricGetter value;
};

struct BatchValue {
    int batch = 0;
    double value = 0;
};

struct MetricCurve {
    SeriesKey key;
    std::string arm;     // eager or graphed
    std::string metric;  // MetricSpec::name
    std::vector<BatchValue> points;  // ascending batch; a repeated batch keeps the last row

    std::optional<double> at(int batch) const;
};

// The rows a curve's points come from (its key and arm, any pass): what PointHighlighter::trackBatches
// needs to mark the point of a selected row.
RowMatcher curveRows(const MetricCurve& curve, const SeriesGrouping& grouping = SeriesGrouping::byFamily());

// Timed rows with status ok (ui/charts/SpeedupSeries's rule), of the given arms, one curve per key, arm and
// metric that has at least one value. Ordered by first appearance of the key, then arm in the order
// given, then metric in the order given, so colours stay stable while rows stream in.
// `grouping` adds the machine to every key (a series per GPU, host or driver).
std::vector<MetricCurve> metricCurves(const std::vector<results::Measurement>& rows,
                                      const std::vector<std::string>& arms,
                                      const std::vector<MetricSpec>& metrics,
                                      const SeriesGrouping& grouping = SeriesGrouping::byFamily());

// Distinct keys in order of first appearance among usable rows.
std::vector<SeriesKey> seriesKeys(const std::vector<results::Measurement>& rows,
                                  const SeriesGrouping& grouping = SeriesGrouping::byFamily());
// Distinct keys of the curves, in their order: what a chart names its series by (SeriesNaming).
std::vector<SeriesKey> curveKeys(const std::vector<MetricCurve>& curves);

// Batch range over the curves (1..32 when empty).
void batchRange(const std::vector<MetricCurve>& curves, int& minBatch, int& maxBatch);
double maxValue(const std::vector<MetricCurve>& curves);

// A legend name (SeriesNaming): `what` alone when the chart shows one key, else what tells this key
// from the others first: "train (step scope) · graph replays". The shared rest goes in the title.
QString curveName(const std::vector<SeriesKey>& keys, const SeriesKey& key, const QString& what);
// " — <what every key shares>" for the chart title (SeriesNaming::titleSuffix); empty without keys.
QString titleSuffix(const std::vector<SeriesKey>& keys);

// "1130.365" style: up to `decimals` decimals, trailing zeros dropped.
QString exactNumber(double value, int decimals = 3);

struct CurveLook {
    QString name;   // series (legend) name: only what tells it from the chart's other series
    QString fullName;  // the tooltip's first line when set (the whole key: a tooltip stands alone)
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    QString unit;   // appended to the value in the tooltip, e.g. "MiB"
    // Extra tooltip lines for a batch (e.g. the delta as a percentage); may be empty.
    std::function<QString(int batch, double value)> detail;
};

// A line series with markers, added to the chart and attached to both axes; hovering shows
// "<name>\nbatch B: <value> <unit>" for the nearest measured batch.
QLineSeries* addCurve(QChart* chart, QAbstractAxis* xAxis, QAbstractAxis* yAxis, const MetricCurve& curve,
                      const CurveLook& look);

}  // namespace graphlens::ui
