#include "ui/charts/PhasesChartView.h"

#include "ui/charts/ChartNotesItem.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/models/MeasurementTableModel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace graphlens::ui {
namespace {

std::vector<MetricSpec> phaseSpecs() {
    using results::Measurement;
    return {{"data_ms", [](const Measurement& r) { return r.data_ms; }},
            {"forward_ms", [](const Measurement& r) { return r.forward_ms; }},
            {"loss_ms", [](const Measurement& r) { return r.loss_ms; }},
            {"backward_ms", [](const Measurement& r) { return r.backward_ms; }},
            {"optimizer_ms", [](const Measurement& r) { return r.optimizer_ms; }},
            {"postprocess_ms", [](const Measurement& r) { return r.postprocess_ms; }}};
}

constexpr double networkMarkerOffset = 0.5;  // categories are 1 apart; bars are 0.55 wide

QString phaseTitle(const std::string& column) {
    std::string name = column.substr(0, column.size() - 3);  // drop "_ms"
    return QString::fromStdString(name);
}

}  // namespace

PhasesChartView::PhasesChartView(QWidget* parent) : ModelChartView(parent) {
    auto* chart = new QChart;
    styleChart(chart, tr("Step phases, eager vs graphed"));
    m_xAxis = new QBarCategoryAxis;
    m_xAxis->setTitleText(tr("Batch size · arm"));
    m_msAxis = makeValueAxis(tr("Phase time (ms, median per step)"));
    // Short: the chart can be short (vertical category labels); legend and tooltip say "of the eager step".
    m_pctAxis = makeValueAxis(tr("Network fraction (%)"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_msAxis, Qt::AlignLeft);
    chart->addAxis(m_pctAxis, Qt::AlignRight);
    setChart(chart);
    m_notes = new ChartNotesItem(chart);
    // The room per category is known only once the chart is laid out, and changes with its size.
    connect(chart, &QChart::plotAreaChanged, this, &PhasesChartView::fitCategoryLabels);
    rebuild();
}

int PhasesChartView::categoryLabelAngle() const { return m_xAxis->labelsAngle(); }

void PhasesChartView::fitCategoryLabels() {
    // Qt's horizontal axis gives a label the plot width over (categories + 1), less its padding.
    const qreal perCategory = chart()->plotArea().width() / qreal(std::max<qsizetype>(1, m_categories.size()) + 1);
    if (perCategory <= 0) return;  // not laid out yet: plotAreaChanged comes later
    const QFontMetricsF metrics(m_xAxis->labelsFont());
    qreal longest = 0;
    for (const auto& category : m_categories) longest = std::max(longest, metrics.horizontalAdvance(category));
    constexpr qreal padding = 10;  // Qt keeps a few pixels either side of each label
    const qreal room = perCategory - padding;
    const qreal slanted = longest * std::cos(std::numbers::pi / 6) + metrics.height() * std::sin(std::numbers::pi / 6);
    const int angle = longest <= room ? 0 : slanted <= room ? -30 : -90;
    if (m_xAxis->labelsAngle() != angle) m_xAxis->setLabelsAngle(angle);
}

QString PhasesChartView::barName(const Bar& bar) {
    return tr("%1 · batch %2 · %3").arg(QString::fromStdString(bar.key.label())).arg(bar.batch).arg(QString::fromStdString(bar.arm));
}

QString PhasesChartView::oneReplayNote() {
    return tr("forward, loss, backward and optimizer run as one graph replay: the phase pass times data only");
}

QString PhasesChartView::networkSeriesName() { return tr("network fraction (%, right axis)"); }

void PhasesChartView::rebuild() {
    using results::Measurement;
    const auto& rows = chartRows();
    const auto specs = phaseSpecs();
    auto extra = specs;
    extra.push_back({"network_fraction", [](const Measurement& r) { return r.network_fraction; }});
    extra.push_back({"speedup_ceiling", [](const Measurement& r) { return r.speedup_ceiling; }});
    extra.push_back({"speedup", [](const Measurement& r) { return r.speedup; }});
    const auto curves = metricCurves(rows, {"eager", "graphed"}, extra);
    const auto keys = seriesKeys(rows);

    m_phases.clear();
    for (const auto& spec : specs) {
        if (std::any_of(curves.begin(), curves.end(), [&](const auto& c) { return c.metric == spec.name; })) {
            m_phases.push_back(spec.name);
        }
    }
    auto find = [&](const SeriesKey& key, const std::string& arm, const std::string& metric) -> const MetricCurve* {
        for (const auto& c : curves) {
            if (c.key == key && c.arm == arm && c.metric == metric) return &c;
        }
        return nullptr;
    };

    m_bars.clear();
    m_categories.clear();
    for (const auto& key : keys) {
        std::set<int> batches;
        for (const auto& c : curves) {
            if (!(c.key == key) || c.metric == "network_fraction" || c.metric == "speedup_ceiling" || c.metric == "speedup") {
                continue;
            }
            for (const auto& p : c.points) batches.insert(p.batch);
        }
        for (int batch : batches) {
            for (const std::string arm : {"eager", "graphed"}) {
                Bar bar;  // field by field: a positional initializer would shift when Bar gains a member
                bar.key = key;
                bar.batch = batch;
                bar.arm = arm;
                bar.oneReplay = key.phase == "train" && key.scope == "step" && arm == "graphed";
                bool any = false;
                for (const auto& phase : m_phases) {
                    const auto* c = find(key, arm, phase);
                    bar.phaseMs.push_back(c ? c->at(batch) : std::nullopt);
                    any = any || bar.phaseMs.back().has_value();
                }
                if (!any) continue;
                if (const auto* c = find(key, arm, "network_fraction")) bar.networkFraction = c->at(batch);
                if (const auto* c = find(key, arm, "speedup_ceiling")) bar.speedupCeiling = c->at(batch);
                if (const auto* c = find(key, arm, "speedup")) bar.speedup = c->at(batch);
                // Short enough for the axis ("train step b8 graphed"); the tooltip has the full key and
                // says when a bar is one replay.
                QString category = tr("b%1 %2").arg(batch).arg(QString::fromStdString(arm));
                if (keys.size() > 1) {
                    category = QString::fromStdString(key.distinguishingLabel(keys)) + QLatin1Char(' ') + category;
                }
                m_categories << category;
                m_bars.push_back(std::move(bar));
            }
        }
    }

    m_notes->clear();  // before the series they are anchored to go
    chart()->removeAllSeries();
    m_xAxis->clear();
    m_xAxis->append(m_categories.isEmpty() ? QStringList{tr("no rows")} : m_categories);
    // Several keys make longer categories ("train step b8 graphed"): turned as far as they must be
    // to be read whole instead of elided.
    fitCategoryLabels();

    // The bar of a selected row: its key, batch and arm (any pass), for the highlight.
    const auto barOf = [this](const Measurement& row) -> std::optional<int> {
        for (size_t b = 0; b < m_bars.size(); ++b) {
            const auto& bar = m_bars[b];
            if (bar.batch == row.batch && bar.arm == row.arm && bar.key == SeriesKey::of(row)) return int(b);
        }
        return std::nullopt;
    };
    auto* stacked = new QStackedBarSeries;
    double maxMs = 0;
    for (size_t b = 0; b < m_bars.size(); ++b) {
        double total = 0;
        for (const auto& ms : m_bars[b].phaseMs) total += ms.value_or(0.0);
        maxMs = std::max(maxMs, total);
    }
    for (size_t i = 0; i < m_phases.size(); ++i) {
        auto* set = new QBarSet(phaseTitle(m_phases[i]) + tr(" (ms)"));
        set->setColor(curveColor(int(i)));
        set->setBorderColor(curveColor(int(i)).darker(130));
        for (const auto& bar : m_bars) set->append(bar.phaseMs[i].value_or(0.0));
        stacked->append(set);
        highlighter().track(set, barOf);
        const auto bars = m_bars;
        const QString phase = phaseTitle(m_phases[i]);
        connect(set, &QBarSet::hovered, this, [bars, i, phase](bool entered, int index) {
            if (!entered || index < 0 || size_t(index) >= bars.size()) {
                QToolTip::hideText();
                return;
            }
            const auto& bar = bars[size_t(index)];
            double total = 0;
            for (const auto& ms : bar.phaseMs) total += ms.value_or(0.0);
            QString text = tr("%1\n%2: %3 ms").arg(barName(bar), phase,
                                                   bar.phaseMs[i] ? exactNumber(*bar.phaseMs[i], 4) : tr("not measured"));
            text += tr("\nsum of phases: %1 ms").arg(exactNumber(total, 4));
            if (bar.oneReplay) text += QLatin1Char('\n') + oneReplayNote();
            QToolTip::showText(QCursor::pos(), text);
        });
    }
    stacked->setBarWidth(0.55);
    chart()->addSeries(stacked);
    stacked->attachAxis(m_xAxis);
    stacked->attachAxis(m_msAxis);
    fitValueAxisFromZero(m_msAxis, std::max(maxMs, 0.1));

    // What the network fraction allows next to what the graph got, over each graphed bar.
    m_notes->setColor(chart()->legend()->labelColor());
    for (size_t b = 0; b < m_bars.size(); ++b) {
        const auto& bar = m_bars[b];
        if (bar.arm != "graphed" || b == 0) continue;
        const auto& eager = m_bars[b - 1];  // bars come in eager, graphed pairs per key and batch
        if (eager.arm != "eager" || !(eager.key == bar.key) || eager.batch != bar.batch || !eager.speedupCeiling) continue;
        double top = 0;
        for (const auto& ms : bar.phaseMs) top += ms.value_or(0.0);
        const QString got = bar.speedup ? tr("\ngot %1×").arg(exactNumber(*bar.speedup, 2)) : QString();
        m_notes->add(stacked, QPointF(double(b), top), tr("ceiling %1×").arg(exactNumber(*eager.speedupCeiling, 1)) + got);
    }

    // Network fraction as a marker per bar on the percentage axis, labelled with its value.
    auto* network = new QScatterSeries;
    network->setName(networkSeriesName());
    network->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    network->setMarkerSize(11);
    network->setColor(QColor(0x33, 0x33, 0x33));
    network->setBorderColor(Qt::white);
    for (size_t b = 0; b < m_bars.size(); ++b) {
        // The fraction is of the eager step: one marker per eager bar, in the gap to its right so it
        // never sits on a bar top. Plotted at label precision so "@yPoint" prints 96.3, not
        // 96.2807752902397; the tooltip has it exact.
        if (m_bars[b].arm != "eager" || !m_bars[b].networkFraction) continue;
        network->append(double(b) + networkMarkerOffset, std::round(1000.0 * *m_bars[b].networkFraction) / 10.0);
    }
    network->setPointLabelsVisible(true);
    colorPointLabelsAsText(network, palette());  // readable on the light and the dark theme
    network->setPointLabelsFormat(QStringLiteral("@yPoint%"));
    network->setPointLabelsClipping(false);
    chart()->addSeries(network);
    highlighter().track(network, [network, barOf](const Measurement& row) -> std::optional<int> {
        const auto bar = barOf(row);
        for (int i = 0; bar && i < network->count(); ++i) {
            if (network->at(i).x() == double(*bar) + networkMarkerOffset) return i;
        }
        return std::nullopt;
    });
    network->attachAxis(m_xAxis);
    network->attachAxis(m_pctAxis);
    m_pctAxis->setRange(0.0, 110.0);  // headroom for the labels above 100%
    m_pctAxis->setTickCount(12);
    m_pctAxis->setGridLineVisible(false);  // one grid (the ms axis) keeps the bars readable
    m_pctAxis->setLabelFormat(QStringLiteral("%.0f"));
    const auto bars = m_bars;
    connect(network, &QScatterSeries::hovered, this, [bars](const QPointF& at, bool entered) {
        const int index = int(std::lround(at.x() - networkMarkerOffset));
        if (!entered || index < 0 || size_t(index) >= bars.size() || !bars[size_t(index)].networkFraction) {
            QToolTip::hideText();
            return;
        }
        const auto& bar = bars[size_t(index)];
        QString text = tr("%1\nnetwork fraction %2% of the eager step")
                           .arg(barName(bar), exactNumber(100.0 * *bar.networkFraction, 2));
        if (bar.speedupCeiling) text += tr("\nspeedup ceiling %1×").arg(exactNumber(*bar.speedupCeiling, 2));
        QToolTip::showText(QCursor::pos(), text);
    });

    // Filled squares for the phases (the series-shaped marker of a bar set draws hollow).
    for (auto* marker : chart()->legend()->markers(stacked)) marker->setShape(QLegend::MarkerShapeRectangle);

    chart()->setTitle(m_bars.empty() ? tr("Step phases — %1")
                                           .arg(EmptyChartReason::of(rows, tr("no phase times to show"),
                                                                     tr("no rows with phase times yet")))
                                     : tr("Step phases, eager vs graphed") + titleSuffix(keys));
}

QStringList PhasesChartView::ceilingNotes() const { return m_notes->texts(); }

}  // namespace graphlens::ui
