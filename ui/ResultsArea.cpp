#include "ui/ResultsArea.h"

#include "ui/charts/ChartsPanel.h"
#include "ui/charts/SeriesBySelector.h"
#include "ui/charts/WhyNotGraphedPanel.h"
#include "ui/models/ColumnFit.h"
#include "ui/models/MeasurementFilterBar.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/plan/PlanTab.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/session/BaselineDeltaProxy.h"
#include "ui/session/ExampleSessions.h"
#include "ui/timeline/TimelinePanel.h"

#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace graphlens::ui {

ResultsArea::ResultsArea(MeasurementTableModel* model, QWidget* parent)
    : QSplitter(Qt::Vertical, parent), m_model(model) {
    createTable();
    m_charts = new ChartsPanel;  // speedup, step time, replays, VRAM, launch overhead, phases
    m_charts->setModel(m_model);
    // Pointing at rows of the table marks their points in the charts (mapped through the proxies).
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { emit selectedMeasurementsChanged(selectedMeasurements()); });
    // A reset clears the selection without a selectionChanged: the old rows' marks go with it.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { emit selectedMeasurementsChanged({}); });
    connect(this, &ResultsArea::selectedMeasurementsChanged, m_charts, &ChartsPanel::highlightRows);
    m_timeline = new TimelinePanel;
    m_charts->addTab(m_timeline, tr("Timeline"));
    // The timeline's waterfall explains a row of the session: it follows the rows as they change.
    m_timeline->setRowSource([model = m_model]() -> const std::vector<results::Measurement>& { return model->rows(); });
    connect(m_model, &QAbstractItemModel::modelReset, m_timeline, &TimelinePanel::rowsChanged);
    connect(m_model, &QAbstractItemModel::rowsInserted, m_timeline, &TimelinePanel::rowsChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, m_timeline, &TimelinePanel::rowsChanged);
    // A row selected in the table is explained there too, with or without a trace.
    connect(this, &ResultsArea::selectedMeasurementsChanged, m_timeline, &TimelinePanel::explainSelection);
    // Which sizes to capture for a request mix, from the rows' timed inference steps.
    m_plan = new PlanTab;
    m_charts->addTab(m_plan, tr("Plan"));
    m_plan->setSessionSource([model = m_model]() -> const std::vector<results::Measurement>& { return model->rows(); },
                             nullptr);
    m_plan->follow(m_model);

    addWidget(createChartsPage());
    addWidget(createTablePage());
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
    setChildrenCollapsible(false);
}

void ResultsArea::createTable() {
    m_deltas = new BaselineDeltaProxy(this);
    m_deltas->setSourceModel(m_model);
    // The charts stay on the model itself, so filtering the table never redraws them.
    m_tableProxy = new MeasurementFilterModel(this);
    m_tableProxy->setSourceModel(m_deltas);
    m_table = new QTableView;
    m_table->setAccessibleName(tr("Results table"));
    m_table->setModel(m_tableProxy);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // arrival order until asked
    m_table->setSortingEnabled(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_table->setWordWrap(false);
    connect(m_model, &QAbstractItemModel::modelReset, m_table, &QTableView::resizeColumnsToContents);
    connect(m_model, &QAbstractItemModel::rowsInserted, m_table,
            [this](const QModelIndex&, int first, int last) {
                // Only the streamed rows are measured (see ColumnFit.h): 10,000 rows stay cheap per row.
                std::vector<int> shown;
                for (int row = first; row <= last; ++row) {
                    if (const auto index = m_tableProxy->indexOfModelRow(row); index.isValid())
                        shown.push_back(index.row());
                }
                widenColumnsToFit(m_table, shown);
                m_table->scrollToBottom();  // follow a running sweep
            });
}

QWidget* ResultsArea::createChartsPage() {
    // First run (no rows): say what to do where the charts would be.
    m_emptyState = new QLabel;
    m_emptyState->setObjectName(QStringLiteral("emptyState"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setMargin(24);
    m_chartArea = new QStackedWidget;
    m_chartArea->addWidget(m_emptyState);
    // The answer in words above the charts (the summary card), the charts below it.
    m_summaryCard = new SummaryCardWidget;
    m_summaryCard->setModel(m_model);
    // A merged session: the card says first how many machines the rows come from.
    connect(m_charts->seriesBy(), &SeriesBySelector::summaryNoteChanged, m_summaryCard,
            &SummaryCardWidget::setMachineNote);
    m_summaryCard->setMachineNote(m_charts->seriesBy()->summaryNote());
    connect(m_charts->seriesBy(), &SeriesBySelector::groupingChanged, m_summaryCard,
            [this] { m_summaryCard->setSeriesGrouping(m_charts->seriesBy()->grouping()); });
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summaryCard);
    layout->addWidget(m_charts, 1);
    m_chartArea->addWidget(page);
    return m_chartArea;
}

QWidget* ResultsArea::createTablePage() {
    // The filter bar sits right above the table it narrows.
    m_filterBar = new MeasurementFilterBar;
    m_filterBar->setFilterModel(m_tableProxy);
    // Choosing a family in the table's filter bar is also how a session of many models is charted.
    connect(m_filterBar, &MeasurementFilterBar::familyChosen, this, [this](const QString& family) {
        m_charts->setChartFamily(family);
        m_summaryCard->setFamily(family.toStdString());
    });
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_filterBar);
    // "Why not graphed" beside the table whose selection it follows, whichever chart tab is shown; hidden
    // (the splitter then gives the table the width) while the session has no refused graphed row.
    m_whyNotGraphed = new WhyNotGraphedPanel;
    auto* beside = new QSplitter(Qt::Horizontal);
    beside->addWidget(m_table);
    beside->addWidget(m_whyNotGraphed);
    beside->setStretchFactor(0, 3);
    beside->setStretchFactor(1, 1);
    beside->setChildrenCollapsible(false);
    layout->addWidget(beside, 1);
    m_whyNotGraphed->setRowSource([model = m_model]() -> const std::vector<results::Measurement>& { return model->rows(); });
    connect(m_model, &QAbstractItemModel::modelReset, m_whyNotGraphed, &WhyNotGraphedPanel::refresh);
    connect(m_model, &QAbstractItemModel::rowsInserted, m_whyNotGraphed, &WhyNotGraphedPanel::rowsChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, m_whyNotGraphed, &WhyNotGraphedPanel::rowsChanged);
    connect(this, &ResultsArea::selectedMeasurementsChanged, m_whyNotGraphed, &WhyNotGraphedPanel::explainSelection);
    return page;
}

QChartView* ResultsArea::currentChartView() const {
    if (m_chartArea->currentIndex() == 0) return nullptr;  // the empty state: no chart shown
    return qobject_cast<QChartView*>(m_charts->currentWidget());
}

std::vector<results::Measurement> ResultsArea::selectedMeasurements() const {
    return m_tableProxy->measurementsAt(m_table->selectionModel()->selectedRows());
}

void ResultsArea::updateEmptyState(bool lacksCuda) {
    QString text = tr("No results yet.\nStart a sweep (Ctrl+R) or open a session (Ctrl+O).");
    if (const QString examples = exampleSessionsFolder(QCoreApplication::applicationDirPath());
        !examples.isEmpty()) {
        text += QStringLiteral("\n\n") + tr("Example sessions measured on an NVIDIA H200 are in %1.")
                                             .arg(QDir::toNativeSeparators(examples));
    }
    if (lacksCuda) {
        text += QStringLiteral("\n\n") +
                tr("CUDA graphs need a CUDA device: this machine times the eager arm only.");
    }
    m_emptyState->setText(text);
    const bool nothing = m_model->rowCount() == 0 && !m_timeline->hasTrace();
    m_chartArea->setCurrentIndex(nothing ? 0 : 1);  // the empty state or the charts page
}

}  // namespace graphlens::ui
