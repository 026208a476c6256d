#include "ui/report/SummaryCardWidget.h"

#include "ui/charts/ChartedRows.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/report/BuildWarning.h"
#include "ui/report/SummaryCard.h"

#include <QEvent>
#include <QLayout>
#include <algorithm>
#include <QLabel>
#include <QScrollArea>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace graphlens::ui {

SummaryCardWidget::SummaryCardWidget(QWidget* parent)
    : QFrame(parent), m_schedule(new RedrawSchedule(this, [this] { rebuild(); })), m_text(new QLabel) {
    setObjectName(QStringLiteral("summaryCard"));
    setFrameShape(QFrame::StyledPanel);
    m_text->setObjectName(QStringLiteral("summaryCardText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);  // people paste the answer into mail
    m_scroll = new QScrollArea;
    m_scroll->setWidget(m_text);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_scroll);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    rebuild();
}

void SummaryCardWidget::setModel(const MeasurementTableModel* model) {
    m_model = model;
    m_schedule->watch(model);
    m_schedule->now();
}

void SummaryCardWidget::setFamily(const std::string& family) {
    if (family == m_family) return;
    m_family = family;
    m_schedule->nowIfShown();
}

void SummaryCardWidget::setMachineNote(const QString& note) {
    if (note == m_machineNote) return;
    m_machineNote = note;
    m_schedule->now();
}

void SummaryCardWidget::setSeriesGrouping(const SeriesGrouping& grouping) {
    m_grouping = grouping;
    m_schedule->nowIfShown();
}

void SummaryCardWidget::redrawIfPending() { m_schedule->flush(); }

void SummaryCardWidget::rebuild() {
    const ChartedRows charted =
        m_model ? ChartedRows(m_model->rows(), m_family, kMaxChartedSeries, m_grouping) : ChartedRows();
    const SeriesBy by = m_grouping.by();
    const auto machines = m_grouping.machines(charted.rows(), by);
    if (by == SeriesBy::Family || machines.size() < 2) {
        m_sentences = summarySentences(charted.rows());
    } else {
        // A machine's sentences from its rows alone: the GPU named where the device would be, a host
        // or driver in front.
        m_sentences.clear();
        for (const auto& machine : machines) {
            std::vector<results::Measurement> rows;
            for (const auto& row : charted.rows()) {
                if (m_grouping.machineOf(row) == machine) rows.push_back(row);
            }
            const bool gpu = by == SeriesBy::Gpu;
            for (const auto& sentence : summarySentences(rows, gpu ? machine : std::string())) {
                m_sentences << (gpu ? sentence : QString::fromStdString(machine) + QStringLiteral(": ") + sentence);
            }
        }
    }
    // Every row, not only those charted: a Debug build taints the whole session.
    m_buildWarning = m_model ? graphlens::ui::buildWarning(m_model->rows()) : QString();
    // One bullet paragraph per sentence: the card is a narrow strip, Qt's list indent would waste width.
    QString html;
    if (!m_buildWarning.isEmpty()) {
        // Before the figures, in the error colour: it must be read before "5× faster" is quoted. A
        // lighter red on a dark theme, which keeps it as readable as the text around it.
        const bool dark = palette().color(QPalette::Window).lightness() < 128;
        html += QStringLiteral("<p style=\"margin:2px 0; color:%1\"><b>⚠ %2</b> %3</p>")
                    .arg(dark ? QStringLiteral("#ff8a80") : QStringLiteral("#c0392b"), tr("Not representative:"),
                         m_buildWarning.toHtmlEscaped());
    }
    if (!m_machineNote.isEmpty()) {
        // The figures below mix machines unless the charts draw a series per GPU or host: say so first.
        html += QStringLiteral("<p style=\"margin:2px 0\">• ") + m_machineNote.toHtmlEscaped() + QStringLiteral("</p>");
    }
    for (const auto& sentence : m_sentences) {
        html += QStringLiteral("<p style=\"margin:2px 0\">• ") + sentence.toHtmlEscaped() + QStringLiteral("</p>");
    }
    if (const QString note = charted.note(); !note.isEmpty()) {
        html += QStringLiteral("<p style=\"margin:2px 0\"><i>") + note.toHtmlEscaped() + QStringLiteral("</i></p>");
    }
    if (const QString note = speedupNote(m_sentences); !note.isEmpty()) {
        html += QStringLiteral("<p style=\"margin:2px 0\"><small>") + note.toHtmlEscaped() + QStringLiteral("</small></p>");
    }
    m_text->setText(html);
    fitHeight();
}

QString SummaryCardWidget::speedupNote(const QStringList& sentences) {
    // Only where a sentence quotes a figure: the table, the speedup chart and this card agree (timed
    // medians); the Timeline's ratio is one profiled step and says so itself.
    const bool quotesSpeedup = std::any_of(sentences.cbegin(), sentences.cend(), [](const QString& sentence) {
        return sentence.contains(QStringLiteral("× faster")) || sentence.contains(QStringLiteral("× the eager speed")) ||
               sentence.contains(QStringLiteral("no faster ("));
    });
    return quotesSpeedup ? tr("Speedup = eager ÷ graphed median step time of the timed (unprofiled) steps, as in the "
                              "table's Speedup column; the Timeline's ratio is one profiled step of each arm.")
                         : QString();
}

void SummaryCardWidget::setRunning(bool running) {
    m_running = running;
    fitHeight();
}

void SummaryCardWidget::fitHeight() {
    const QMargins margins = contentsMargins() + layout()->contentsMargins();
    const int cap = kMaxLines * m_text->fontMetrics().lineSpacing() + 4 * 4;  // + the paragraphs' margins
    const int width = std::max(m_scroll->viewport()->width(), 200);
    const int wanted = m_text->heightForWidth(width);
    const int text = m_running ? cap : std::min(wanted > 0 ? wanted : m_text->sizeHint().height(), cap);
    setFixedHeight(text + margins.top() + margins.bottom());
}

void SummaryCardWidget::resizeEvent(QResizeEvent* event) {
    QFrame::resizeEvent(event);
    fitHeight();  // a narrower card wraps into more lines
}

void SummaryCardWidget::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_buildWarning.isEmpty()) rebuild();
}

QString SummaryCardWidget::text() const { return QTextDocumentFragment::fromHtml(m_text->text()).toPlainText(); }

}  // namespace graphlens::ui
