#include "ui/charts/ChartSeries.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/HoverTarget.h"
#include "ui/charts/SeriesNaming.h"
#include "ui/charts/SpeedupSeries.h"

#include <QChart>
#include <QCursor>
#include <QLineSeries>
#include <QLocale>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace graphlens::ui {

namespace {

std::string modelFormOf(const std::string& jit) {
    if (jit == "aoti") return "AOTInductor";
    if (jit == "fuse") return "TorchScript";
    if (jit == "off") return "TorchScript op by op";
    return jit;
}

}  // namespace

SeriesKey SeriesKey::of(const results::Measurement& row) {
    return SeriesKey{row.family, row.precision, row.memory_format, row.phase, row.scope, {}, modelFormOf(row.jit)};
}

SeriesKey SeriesKey::of(const results::Measurement& row, const SeriesGrouping& grouping) {
    return SeriesKey{row.family, row.precision, row.memory_format, row.phase, row.scope, grouping.machineOf(row),
                     modelFormOf(row.jit)};
}

bool SeriesKey::operator==(const SeriesKey& other) const {
    return family == other.family && precision == other.precision && memory_format == other.memory_format &&
           phase == other.phase && scope == other.scope && machine == other.machine && form == other.form;
}

std::string SeriesKey::label() const {
    std::string label = family;
    if (!form.empty()) label += " · " + form;
    // Inference keeps "infer · step"; a training graph scope reads "train (step scope)".
    const bool training = phase == "train";
    const std::string phasePart = phaseLabel(phase, scope);
    const std::string scopePart = training ? std::string() : scope;
    for (const auto* part : {&precision, &memory_format, &phasePart, &scopePart, &machine}) {
        if (!part->empty()) label += " · " + *part;
    }
    return label;
}

std::string SeriesKey::distinguishingLabel(const std::vector<SeriesKey>& keys) const {
    bool families = false, forms = false, formats = false, precisions = false, machines = false;
    for (const auto& other : keys) {
        families = families || other.family != family;
        forms = forms || other.form != form;
        machines = machines || other.machine != machine;
        // Rows written before training rows carried a memory format have none: they are nchw.
        const auto format = [](const std::string& f) { return f.empty() ? std::string("nchw") : f; };
        formats = formats || format(other.memory_format) != format(memory_format);
        // Training rows are amp-* and inference rows fp*: the phase already tells those apart.
        precisions = precisions || (other.phase == phase && other.precision != precision);
    }
    std::string label;
    const auto add = [&label](const std::string& part) {
        if (!part.empty()) label += (label.empty() ? "" : " · ") + part;
    };
    if (machines) add(machine);  // a series per GPU or host: the machine is what the chart is about
    if (families) add(family);
    if (forms) add(form);
    if (precisions) add(precision);
    if (formats) add(memory_format);
    add(phase == "train" ? (scope == "network" ? "train net" : "train " + scope) : (scope == "network" ? "infer net" : phase));
    return label;
}

std::optional<double> MetricCurve::at(int batch) const {
    for (const auto& p : points) {
        if (p.batch == batch) return p.value;
    }
    return std::nullopt;
}

RowMatcher curveRows(const MetricCurve& curve, const SeriesGrouping& grouping) {
    return [key = curve.key, arm = curve.arm, grouping](const results::Measurement& row) {
        return row.arm == arm && SeriesKey::of(row, grouping) == key;
    };
}

std::vector<SeriesKey> seriesKeys(const std::vector<results::Measurement>& rows, const SeriesGrouping& grouping) {
    std::vector<SeriesKey> keys;
    for (const auto& row : rows) {
        if (!usableTimedRow(row)) continue;
        const auto key = SeriesKey::of(row, grouping);
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    }
    return keys;
}

std::vector<SeriesKey> curveKeys(const std::vector<MetricCurve>& curves) {
    std::vector<SeriesKey> keys;
    for (const auto& curve : curves) {
        if (std::find(keys.begin(), keys.end(), curve.key) == keys.end()) keys.push_back(curve.key);
    }
    return keys;
}

std::vector<MetricCurve> metricCurves(const std::vector<results::Measurement>& rows,
                                      const std::vector<std::string>& arms,
                                      const std::vector<MetricSpec>& metrics,
                                      const SeriesGrouping& grouping) {
    // One pass over the rows: each usable row lands in its key's slot for its arm and every metric.
    const size_t perKey = arms.size() * metrics.size();
    std::vector<SeriesKey> keys;
    std::vector<MetricCurve> byKeyArmMetric;  // keys.size() * perKey, in key, arm, metric order
    for (const auto& row : rows) {
        if (!usableTimedRow(row)) continue;
        auto key = SeriesKey::of(row, grouping);  // keys in order of first appearance among usable rows, any arm
        auto known = std::find(keys.begin(), keys.end(), key);  // a handful of keys: a scan beats a hash
        if (known == keys.end()) {
            for (const auto& a : arms) {
                for (const auto& metric : metrics) byKeyArmMetric.push_back(MetricCurve{key, a, metric.name, {}});
            }
            keys.push_back(std::move(key));
            known = keys.end() - 1;
        }
        const auto arm = std::find(arms.begin(), arms.end(), row.arm);
        if (arm == arms.end()) continue;
        const size_t base = size_t(known - keys.begin()) * perKey + size_t(arm - arms.begin()) * metrics.size();
        for (size_t m = 0; m < metrics.size(); ++m) {
            const auto value = metrics[m].value(row);
            if (!value || !std::isfinite(*value)) continue;
            auto& points = byKeyArmMetric[base + m].points;
            auto at = std::lower_bound(points.begin(), points.end(), row.batch,
                                       [](const BatchValue& p, int b) { return p.batch < b; });
            if (at != points.end() && at->batch == row.batch) {
                at->value = *value;
            } else {
                points.insert(at, BatchValue{row.batch, *value});
            }
        }
    }
    std::vector<MetricCurve> curves;
    for (auto& slot : byKeyArmMetric) {
        if (!slot.points.empty()) curves.push_back(std::move(slot));
    }
    return curves;
}

void batchRange(const std::vector<MetricCurve>& curves, int& minBatch, int& maxBatch) {
    bool first = true;
    minBatch = 1;
    maxBatch = 32;
    for (const auto& curve : curves) {
        for (const auto& p : curve.points) {
            minBatch = first ? p.batch : std::min(minBatch, p.batch);
            maxBatch = first ? p.batch : std::max(maxBatch, p.batch);
            first = false;
        }
    }
}

double maxValue(const std::vector<MetricCurve>& curves) {
    double top = 0;
    for (const auto& curve : curves) {
        for (const auto& p : curve.points) top = std::max(top, p.value);
    }
    return top;
}

QString curveName(const std::vector<SeriesKey>& keys, const SeriesKey& key, const QString& what) {
    return SeriesNaming(keys).name(key, what);
}

QString titleSuffix(const std::vector<SeriesKey>& keys) { return SeriesNaming(keys).titleSuffix(); }

QString exactNumber(double value, int decimals) {
    QString text = QLocale::c().toString(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    }
    return text;
}

QLineSeries* addCurve(QChart* chart, QAbstractAxis* xAxis, QAbstractAxis* yAxis, const MetricCurve& curve,
                      const CurveLook& look) {
    auto* line = new QLineSeries;
    line->setName(look.name);
    line->setPen(QPen(look.color, 2.5, look.style));
    line->setPointsVisible(true);
    line->setMarkerSize(7);
    if (look.style != Qt::SolidLine) {  // a ring: the arm reads at a single point too, where no dash shows
        line->setMarkerSize(14);  // an image is drawn at the marker size; Qt draws its own dot larger
        line->setLightMarker(ringMarker(look.color));
        line->setSelectedLightMarker(filledRingMarker(look.color));
    }
    for (const auto& p : curve.points) line->append(p.batch, p.value);
    chart->addSeries(line);
    line->attachAxis(xAxis);
    line->attachAxis(yAxis);

    const auto points = curve.points;
    const CurveLook tip = look;
    connectHover(chart, line, [points, tip](const QPointF& at, bool entered) {
        if (!entered) {
            QToolTip::hideText();
            return;
        }
        // Nearest measured batch on the log2 axis.
        const double x = std::log2(std::max(at.x(), 1e-9));
        const auto nearest = std::min_element(points.begin(), points.end(), [&](const auto& a, const auto& b) {
            return std::abs(std::log2(a.batch) - x) < std::abs(std::log2(b.batch) - x);
        });
        if (nearest == points.end()) return;
        QString text = QObject::tr("%1\nbatch %2: %3 %4")
                           .arg(tip.fullName.isEmpty() ? tip.name : tip.fullName)
                           .arg(nearest->batch)
                           .arg(exactNumber(nearest->value))
                           .arg(tip.unit)
                           .trimmed();
        if (tip.detail) {
            const QString extra = tip.detail(nearest->batch, nearest->value);
            if (!extra.isEmpty()) text += QLatin1Char('\n') + extra;
        }
        QToolTip::showText(QCursor::pos(), text);
    });
    return line;
}

}  // namespace graphlens::ui
