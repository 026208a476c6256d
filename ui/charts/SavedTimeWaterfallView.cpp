#include "ui/charts/SavedTimeWaterfallView.h"

#include "ui/charts/ChartStyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace graphlens::ui {
namespace {

QColor colorOf(WaterfallBar::Kind kind) {
    switch (kind) {
    case WaterfallBar::Kind::Step: return QColor(0x6b, 0x72, 0x80);
    case WaterfallBar::Kind::Saved: return QColor(0x2e, 0x9e, 0x5b);
    case WaterfallBar::Kind::Added: return QColor(0xd6, 0x45, 0x45);
    case WaterfallBar::Kind::Unexplained: return QColor(0xc0, 0x8a, 0x1e);
    }
    return {};
}

}  // namespace

SavedTimeWaterfallView::SavedTimeWaterfallView(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Where the saved time went"));
    m_empty = new QLabel;
    m_empty->setObjectName(QStringLiteral("savedTimeEmptyState"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setMargin(16);
    m_chart = new QChartView(new QChart);
    m_chart->setAccessibleName(tr("Where the saved time went chart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    // The axes stay for the view's life (a themed chart always has axes to colour); rebuild() refills them.
    QChart* chart = m_chart->chart();
    styleChart(chart, title(0));
    m_categories = new QBarCategoryAxis;
    m_values = new QValueAxis;
    m_values->setTitleText(tr("ms (%1)").arg(SavedTimeWaterfall::howMade()));
    m_values->setLabelFormat(QStringLiteral("%.2f"));
    chart->addAxis(m_categories, Qt::AlignLeft);
    chart->addAxis(m_values, Qt::AlignBottom);
    m_chart->setMinimumWidth(480);  // the bars' labels stay whole (the legend check covers this view too)
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_chart);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    setRow(nullptr);
}

// Short, so that Qt never elides it beside the timeline; the value axis says how the figures were made.
QString SavedTimeWaterfallView::title(int batch) {
    return batch > 0 ? tr("Where the saved time went, batch %1").arg(batch) : tr("Where the saved time went");
}

bool SavedTimeWaterfallView::showsChart() const { return m_stack->currentIndex() == 1; }

void SavedTimeWaterfallView::setRow(const results::Measurement* row, const std::vector<results::Measurement>& rows) {
    const auto graphedStep = row ? SavedTimeWaterfall::profiledGraphedStepMs(rows, *row) : std::nullopt;
    m_waterfall = SavedTimeWaterfall::of(row, graphedStep);
    rebuild();
}

void SavedTimeWaterfallView::rebuild() {
    QChart* chart = m_chart->chart();
    chart->removeAllSeries();
    m_categories->clear();
    if (m_waterfall.bars.empty()) {
        m_empty->setText(tr("%1 (%2)\n\n%3").arg(title(m_waterfall.batch), SavedTimeWaterfall::howMade(), m_waterfall.why));
        m_stack->setCurrentIndex(0);
        setMaximumWidth(360);  // a sentence needs no more room; the timeline beside it keeps the rest
        return;
    }
    // Floating bars: an invisible base set lifts each bar to where the previous one ended; the one
    // visible set per kind keeps each kind's colour and legend entry.
    auto* series = new QHorizontalStackedBarSeries;
    auto* base = new QBarSet(QString());
    base->setColor(Qt::transparent);
    base->setBorderColor(Qt::transparent);
    const std::pair<WaterfallBar::Kind, QString> kinds[] = {
        {WaterfallBar::Kind::Step, tr("step")},
        {WaterfallBar::Kind::Saved, tr("time saved")},
        {WaterfallBar::Kind::Added, tr("time added")},
        {WaterfallBar::Kind::Unexplained, tr("unexplained")},
    };
    QList<QBarSet*> sets;
    for (const auto& [kind, name] : kinds) {
        auto* set = new QBarSet(name);
        set->setColor(colorOf(kind));
        set->setBorderColor(colorOf(kind));
        sets << set;
    }
    QStringList categories;
    double low = 0, high = 0;
    // Qt draws the first category at the bottom: reversed, the eager step is on top and the graphed step below.
    for (auto bar = m_waterfall.bars.rbegin(); bar != m_waterfall.bars.rend(); ++bar) {
        categories << bar->label;
        base->append(bar->low);
        for (int k = 0; k < 4; ++k) sets[k]->append(kinds[k].first == bar->kind ? bar->high - bar->low : 0.0);
        low = std::min(low, bar->low);
        high = std::max(high, bar->high);
    }
    series->append(base);
    for (auto* set : sets) series->append(set);
    series->setBarWidth(0.6);
    chart->addSeries(series);

    chart->setTitle(title(m_waterfall.batch));
    m_categories->append(categories);
    m_values->setRange(low, high > low ? high * 1.05 : low + 1.0);
    m_values->applyNiceNumbers();  // ticks on round numbers (0.5 ms steps, not 0.71)
    series->attachAxis(m_categories);
    series->attachAxis(m_values);

    // The base set and kinds this row does not have take no legend entry.
    const auto markers = chart->legend()->markers(series);
    for (int i = 0; i < markers.size(); ++i) {
        bool used = false;
        if (i > 0) {
            for (qsizetype b = 0; b < sets[i - 1]->count(); ++b) used = used || sets[i - 1]->at(b) > 0;
        }
        markers[i]->setVisible(used);
        if (i > 0) markers[i]->setBrush(sets[i - 1]->color());  // filled like its bars, not hollow
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);  // a bar's colour, not a line's
    chart->legend()->setVisible(true);
    applyChartPalette(chart, palette());
    m_stack->setCurrentIndex(1);
    setMaximumWidth(QWIDGETSIZE_MAX);
}

}  // namespace graphlens::ui
