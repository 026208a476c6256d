#pragma once
// How every chart names its series: a legend entry says only what differs between the series of
// that chart ("eager · train (step scope)"), and what they all share ("resnet18 · fp16 · nchw") goes
// once into the chart's title. A legend of the family repeated on every line is elided to
// "yolo-t · fp1…" and tells nothing apart. Series by GPU, host or driver (SeriesGrouping) name the
// machine first ("H200 · GPU-1a2b · graphed"), in full.
#include "ui/charts/ChartSeries.h"

#include <QString>
#include <vector>

namespace graphlens::ui {

class SeriesNaming {
public:
    explicit SeriesNaming(std::vector<SeriesKey> keys);

    // What tells `key` from the chart's other keys, parts joined by " · "; empty with one key.
    QString label(const SeriesKey& key) const;
    // "<label> · <what>", or `what` alone when the label is empty.
    QString name(const SeriesKey& key, const QString& what) const;
    // The parts every key has in common ("resnet18 · fp16 · nchw · infer"); empty without keys.
    QString shared() const;
    // " — <shared>" for a chart title, empty when nothing is shared.
    QString titleSuffix() const;
    const std::vector<SeriesKey>& keys() const { return m_keys; }
    int indexOf(const SeriesKey& key) const;  // order of first appearance; -1 when unknown

private:
    // The machine first: in a chart of a series per GPU or host it is what the legend is about.
    enum Part { Machine, Family, Form, Precision, Format, Phase, PartCount };
    static std::string part(const SeriesKey& key, int which);

    std::vector<SeriesKey> m_keys;
    bool m_differs[PartCount] = {};
};

}  // namespace graphlens::ui
