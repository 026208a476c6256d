#include "ui/report/SummaryCardWidget.h"

#include "ui/charts/ChartedRows.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/report/BuildWarning.h"
#include "ui/report/SummaryCard.h"

#include <QEvent>
#include <QLabel>
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
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_text);
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

void SummaryCardWidget::redrawIfPending() { m_schedule->flush(); }

void SummaryCardWidget::rebuild() {
    const ChartedRows charted = m_model ? ChartedRows(m_model->rows(), m_family) : ChartedRows();
    m_sentences = summarySentences(charted.rows());
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
    for (const auto& sentence : m_sentences) {
        html += QStringLiteral("<p style=\"margin:2px 0\">• ") + sentence.toHtmlEscaped() + QStringLiteral("</p>");
    }
    if (const QString note = charted.note(); !note.isEmpty()) {
        html += QStringLiteral("<p style=\"margin:2px 0\"><i>") + note.toHtmlEscaped() + QStringLiteral("</i></p>");
    }
    m_text->setText(html);
}

void SummaryCardWidget::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_buildWarning.isEmpty()) rebuild();
}

QString SummaryCardWidget::text() const { return QTextDocumentFragment::fromHtml(m_text->text()).toPlainText(); }

}  // namespace graphlens::ui
