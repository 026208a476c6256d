#include "ui/timeline/TimelinePanel.h"

#include "ui/charts/GraphedTwin.h"
#include "ui/charts/SavedTimeWaterfallView.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/timeline/PairRow.h"
#include "ui/timeline/StepTimelineView.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace graphlens::ui {

TimelinePanel::TimelinePanel(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Step timeline panel"));
    m_empty = new QLabel(howToGetTrace());
    m_empty->setObjectName(QStringLiteral("timelineEmptyState"));
    m_empty->setAccessibleName(tr("No trace loaded"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(24);
    m_empty->setTextInteractionFlags(Qt::TextSelectableByMouse);  // the command can be copied

    m_pairs = new QComboBox;
    m_pairs->setAccessibleName(tr("Profiled batch"));
    m_pairs->setToolTip(tr("Which batch's eager and graphed step to show"));
    m_pairs->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    const auto button = [this](const QString& text, const QString& name, const QString& tip) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setAccessibleName(name);
        b->setToolTip(tip);
        return b;
    };
    auto* zoomOut = button(tr("−"), tr("Zoom out"), tr("Zoom out (-)"));
    auto* zoomIn = button(tr("+"), tr("Zoom in"), tr("Zoom in (+, or the mouse wheel)"));
    auto* reset = button(tr("Whole steps"), tr("Reset zoom"), tr("Show both steps whole (0)"));
    m_file = new QLabel;
    m_file->setAccessibleName(tr("Trace file"));
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* hint = new QLabel(tr("wheel: zoom · drag: pan · hover: name and duration"));
    hint->setEnabled(false);  // secondary text, in the palette's disabled colour

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Batch:")));
    bar->addWidget(m_pairs);
    bar->addSpacing(12);
    bar->addWidget(zoomOut);
    bar->addWidget(zoomIn);
    bar->addWidget(reset);
    bar->addSpacing(12);
    bar->addWidget(hint);
    bar->addStretch(1);
    bar->addWidget(m_file);

    m_comparison = new QLabel;
    m_comparison->setAccessibleName(tr("Eager and graphed step compared"));
    m_comparison->setWordWrap(true);
    QFont emphasis = m_comparison->font();
    emphasis.setBold(true);
    m_comparison->setFont(emphasis);
    // Three speedups can be on screen for one configuration: say which one this is.
    auto* note = new QLabel(oneStepNote());
    note->setWordWrap(true);

    m_view = new StepTimelineView;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_view);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the view zooms and pans itself
    scroll->setFrameShape(QFrame::NoFrame);

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(bar);
    layout->addWidget(m_comparison);
    layout->addWidget(note);
    layout->addWidget(scroll, 1);

    m_stack = new QStackedWidget;
    m_stack->addWidget(m_empty);
    m_stack->addWidget(content);
    // The waterfall beside the timeline or its how-to: a session without a trace has one too.
    m_waterfall = new SavedTimeWaterfallView;
    auto* beside = new QSplitter(Qt::Horizontal);
    beside->addWidget(m_stack);
    beside->addWidget(m_waterfall);
    beside->setStretchFactor(0, 3);
    beside->setStretchFactor(1, 2);
    beside->setChildrenCollapsible(false);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(beside);
    // A sweep streams rows in: the waterfall follows them without a rebuild per row.
    m_waterfallRedraw = new RedrawSchedule(this, [this] { updateWaterfall(); });

    connect(zoomIn, &QToolButton::clicked, m_view, &StepTimelineView::zoomIn);
    connect(zoomOut, &QToolButton::clicked, m_view, &StepTimelineView::zoomOut);
    connect(reset, &QToolButton::clicked, m_view, &StepTimelineView::resetZoom);
    connect(m_pairs, &QComboBox::currentIndexChanged, this, &TimelinePanel::showPair);
    updateWaterfall();  // no rows yet: hidden
}

bool TimelinePanel::loadTraceFile(const QString& path, QString* error) {
    auto trace = StepTrace::readFile(path, error);
    if (!trace) return false;
    setTrace(std::move(*trace));
    return true;
}

void TimelinePanel::setTrace(StepTrace trace) {
    m_trace = std::move(trace);
    m_file->setText(QFileInfo(m_trace->fileName()).fileName());
    m_file->setToolTip(m_trace->fileName());
    {
        const QSignalBlocker quiet(m_pairs);
        m_pairs->clear();
        for (const auto& pair : m_trace->pairs()) {
            m_pairs->addItem(pair.label.isEmpty() ? tr("eager vs graphed") : pair.label);
        }
    }
    m_pairs->setCurrentIndex(0);
    showPair(0);
    m_stack->setCurrentIndex(1);
}

QString TimelinePanel::oneStepNote() {
    return tr("One profiled step of each arm (the step of median length), so its ratio is not the "
              "table's or the summary's speedup: those are medians of the timed, unprofiled steps "
              "(CUPTI makes every call a little slower).");
}

QString TimelinePanel::howToGetTrace() {
    return tr("No step timeline yet.\n\n"
              "Run a sweep with profiling on (the default; not --no-profile) and --trace, e.g.\n"
              "graphlens-cli sweep --family resnet18 --batch 1,8 --json session.json "
              "--trace session.trace.json\n\n"
              "then open session.json (a session.trace.json beside it loads with it), "
              "or open a trace file with File ▸ Open Trace…");
}

void TimelinePanel::clear(const QString& why) {
    m_empty->setText(why.isEmpty() ? howToGetTrace() : why);
    m_trace.reset();
    m_pairs->clear();
    m_view->clear();
    m_comparison->clear();
    m_file->clear();
    m_stack->setCurrentIndex(0);
    updateWaterfall();  // the session's rows may still have a graphed row to explain
}

void TimelinePanel::setRowSource(RowSource rows) {
    m_rowSource = std::move(rows);
    updateWaterfall();
}

void TimelinePanel::rowsChanged() {
    m_waterfallRedraw->soon();  // the timeline itself stays as it is (its zoom too)
}

void TimelinePanel::explainSelection(const std::vector<results::Measurement>& selected) {
    if (selected.empty()) m_selected.reset();
    else m_selected = selected.front();
    updateWaterfall();
}

void TimelinePanel::updateWaterfall() {
    static const std::vector<results::Measurement> none;
    const auto& rows = m_rowSource ? m_rowSource() : none;
    const int index = m_pairs->currentIndex();
    const bool pairShown = m_trace && index >= 0 && index < int(m_trace->pairs().size());
    const results::Measurement* row = nullptr;
    if (m_selected) row = graphedTwinOf(rows, *m_selected);
    else if (pairShown) row = graphedRowOfPair(rows, m_trace->pairs()[std::size_t(index)]);
    else row = SavedTimeWaterfall::headlineRow(rows);
    m_waterfall->setRow(row, rows);
    // Hidden with nothing to explain, so the timeline or its how-to keeps the width: a trace opened
    // without its session, or (no trace, nothing selected) a session without explain_* figures.
    m_waterfall->setVisible(!rows.empty() && (m_trace || m_selected || row));
}

void TimelinePanel::showPair(int index) {
    if (!m_trace || index < 0 || index >= int(m_trace->pairs().size())) return;
    const auto& pair = m_trace->pairs()[std::size_t(index)];
    m_view->setPair(pair);
    m_comparison->setText(comparison(pair));
    m_selected.reset();  // a batch chosen here is the newer choice than a row selected in the table
    updateWaterfall();
}

QString TimelinePanel::comparison(const StepPair& pair) {
    const double eager = pair.eager.durationUs;
    const double graphed = pair.graphed.durationUs;
    QString speed;
    if (graphed > 0 && eager > graphed) speed = tr("%1× faster in this step").arg(eager / graphed, 0, 'f', 2);
    else if (eager > 0 && graphed > eager) speed = tr("%1× slower in this step").arg(graphed / eager, 0, 'f', 2);
    else speed = tr("as fast");
    const QString sentence = tr("the graphed step takes %1, the eager one %2 (%3); the GPU idles %4 instead of %5.")
                                 .arg(StepTimelineView::formatDuration(graphed), StepTimelineView::formatDuration(eager),
                                      speed, StepTimelineView::formatDuration(pair.graphed.idleUs),
                                      StepTimelineView::formatDuration(pair.eager.idleUs));
    return pair.batch > 0 ? tr("One profiled step at batch %1: %2").arg(pair.batch).arg(sentence)
                          : tr("One profiled step each in this trace: %1").arg(sentence);
}

}  // namespace graphlens::ui
