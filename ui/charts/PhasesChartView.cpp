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

namespace graphlens::ui {
namespace {

constexpr double networkMarkerOffset = 0.5;  // categories are 1 apart; bars are 0.55 wide

QString phaseTitle(const std::string& column) {
    if (column == "replay_ms") return PhasesChartView::tr("one graph replay: forward to optimizer");
    std::string name = column.substr(0, column.size() - 3);  // drop "_ms"
    return QString::fromStdString(name);
}

// Hovering a segment: the bar's full name, this phase and the sum of the stack, exact.
QString phaseSegmentTooltip(const PhaseBar& bar, size_t phase, const QString& phaseName) {
    const auto& ms = bar.phaseMs[phase];
    QString text = PhasesChartView::tr("%1\n%2: %3 ms")
                       .arg(PhasesChartView::barName(bar), phaseName,
                            ms ? exactNumber(*ms, 4) : PhasesChartView::tr("not measured"));
    text += PhasesChartView::tr("\nsum of phases: %1 ms").arg(exactNumber(bar.stackedMs(), 4));
    if (bar.oneReplay) text += QLatin1Char('\n') + PhasesChartView::oneReplayNote();
    return text;
}

// Hovering a network marker: the fraction unrounded (the label shows one decimal) and the ceiling.
QString networkMarkerTooltip(const PhaseBar& bar) {
    QString text = PhasesChartView::tr("%1\nnetwork fraction %2% of the eager step")
                       .arg(PhasesChartView::barName(bar), exactNumber(100.0 * *bar.networkFraction, 2));
    if (bar.speedupCeiling) {
        text += PhasesChartView::tr("\nspeedup ceiling %1×").arg(exactNumber(*bar.speedupCeiling, 2));
    }
    return text;
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
    return tr("forward, loss, backward and optimizer run as one graph replay: the phase pass times it whole");
}

QString PhasesChartView::networkSeriesName() { return tr("network fraction (%, right axis)"); }

QStringList PhasesChartView::ceilingNotes() const { return m_notes->texts(); }

void PhasesChartView::rebuild() {
    const auto& rows = chartRows();
    m_data = PhaseBars::of(rows, seriesGrouping());
    m_categories = categoryLabels();
    m_notes->clear();  // before the series they are anchored to go
    chart()->removeAllSeries();
    resetCategoryAxis();
    auto* stacked = addPhaseStack();
    addCeilingNotes(stacked);
    addNetworkMarkers();
    // Filled squares for the phases (the series-shaped marker of a bar set draws hollow).
    for (auto* marker : chart()->legend()->markers(stacked)) marker->setShape(QLegend::MarkerShapeRectangle);
    setTitleFor(rows);
}

QStringList PhasesChartView::categoryLabels() const {
    QStringList labels;
    for (const auto& bar : m_data.bars) {
        // Short enough for the axis ("train step b8 graphed"); the tooltip has the full key and
        // says when a bar is one replay.
        QString label = tr("b%1 %2").arg(bar.batch).arg(QString::fromStdString(bar.arm));
        if (m_data.keys.size() > 1) {
            label = QString::fromStdString(bar.key.distinguishingLabel(m_data.keys)) + QLatin1Char(' ') + label;
        }
        labels << label;
    }
    return labels;
}

void PhasesChartView::resetCategoryAxis() {
    m_xAxis->clear();
    m_xAxis->append(m_categories.isEmpty() ? QStringList{tr("no rows")} : m_categories);
    // Several keys make longer categories ("train step b8 graphed"): turned as far as they must be
    // to be read whole instead of elided.
    fitCategoryLabels();
}

// One bar set per phase, stacked in step order, each bar set holding every bar's time of that phase.
QStackedBarSeries* PhasesChartView::addPhaseStack() {
    auto* stacked = new QStackedBarSeries;
    for (size_t i = 0; i < m_data.phases.size(); ++i) {
        auto* set = new QBarSet(phaseTitle(m_data.phases[i]) + tr(" (ms)"));
        set->setColor(curveColor(int(i)));
        set->setBorderColor(curveColor(int(i)).darker(130));
        for (const auto& bar : m_data.bars) set->append(bar.phaseMs[i].value_or(0.0));
        stacked->append(set);
        highlighter().track(set, [this](const results::Measurement& row) { return m_data.indexOf(row); });
        showPhaseTooltips(set, i);
    }
    stacked->setBarWidth(0.55);
    chart()->addSeries(stacked);
    stacked->attachAxis(m_xAxis);
    stacked->attachAxis(m_msAxis);
    fitValueAxisFromZero(m_msAxis, std::max(m_data.maxStackedMs(), 0.1));
    return stacked;
}

void PhasesChartView::showPhaseTooltips(QBarSet* set, size_t phase) {
    connect(set, &QBarSet::hovered, this,
            [bars = m_data.bars, phase, name = phaseTitle(m_data.phases[phase])](bool entered, int index) {
                if (!entered || index < 0 || size_t(index) >= bars.size()) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(), phaseSegmentTooltip(bars[size_t(index)], phase, name));
            });
}

// What the network fraction allows next to what the graph got, over each graphed bar.
void PhasesChartView::addCeilingNotes(QStackedBarSeries* stacked) {
    m_notes->setColor(chart()->legend()->labelColor());
    const auto& bars = m_data.bars;
    for (size_t b = 1; b < bars.size(); ++b) {
        const auto& bar = bars[b];
        const auto& eager = bars[b - 1];  // bars come in eager, graphed pairs per key and batch
        if (bar.arm != "graphed" || eager.arm != "eager" || !(eager.key == bar.key) || eager.batch != bar.batch ||
            !eager.speedupCeiling) {
            continue;
        }
        const QString got = bar.speedup ? tr("\ngot %1×").arg(exactNumber(*bar.speedup, 2)) : QString();
        m_notes->add(stacked, QPointF(double(b), bar.stackedMs()),
                     tr("ceiling %1×").arg(exactNumber(*eager.speedupCeiling, 1)) + got);
    }
}

// Network fraction as a marker per bar on the percentage axis, labelled with its value.
void PhasesChartView::addNetworkMarkers() {
    auto* network = new QScatterSeries;
    network->setName(networkSeriesName());
    network->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    network->setMarkerSize(11);
    network->setColor(QColor(0x33, 0x33, 0x33));
    network->setBorderColor(Qt::white);
    for (size_t b = 0; b < m_data.bars.size(); ++b) {
        // The fraction is of the eager step: one marker per eager bar, in the gap to its right so it
        // never sits on a bar top. Plotted at label precision so "@yPoint" prints 96.3, not
        // 96.2807752902397; the tooltip has it exact.
        const auto& bar = m_data.bars[b];
        if (bar.arm != "eager" || !bar.networkFraction) continue;
        network->append(double(b) + networkMarkerOffset, std::round(1000.0 * *bar.networkFraction) / 10.0);
    }
    network->setPointLabelsVisible(true);
    colorPointLabelsAsText(network, palette());  // readable on the light and the dark theme
    network->setPointLabelsFormat(QStringLiteral("@yPoint%"));
    network->setPointLabelsClipping(false);
    chart()->addSeries(network);
    // A selected row marks the marker beside its bar (an eager bar; a graphed bar has none).
    highlighter().track(network, [this, network](const results::Measurement& row) -> std::optional<int> {
        const auto bar = m_data.indexOf(row);
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
    showNetworkTooltips(network);
}

void PhasesChartView::showNetworkTooltips(QScatterSeries* network) {
    connect(network, &QScatterSeries::hovered, this, [bars = m_data.bars](const QPointF& at, bool entered) {
        const int index = int(std::lround(at.x() - networkMarkerOffset));
        if (!entered || index < 0 || size_t(index) >= bars.size() || !bars[size_t(index)].networkFraction) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(), networkMarkerTooltip(bars[size_t(index)]));
    });
}

void PhasesChartView::setTitleFor(const std::vector<results::Measurement>& rows) {
    chart()->setTitle(m_data.bars.empty() ? tr("Step phases — %1")
                                                .arg(EmptyChartReason::of(rows, tr("no phase times to show"),
                                                                          tr("no rows with phase times yet")))
                                          : tr("Step phases, eager vs graphed") + titleSuffix(m_data.keys));
}

}  // namespace graphlens::ui
