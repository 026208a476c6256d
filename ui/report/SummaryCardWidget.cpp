#include "ui/report/SummaryCardWidget.h"

#include "ui/charts/ChartedRows.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/report/SummaryCard.h"

#include <QLabel>
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
    // One bullet paragraph per sentence: the card is a narrow strip, Qt's list indent would waste width.
    QString html;
    for (const auto& sentence : m_sentences) {
        html += QStringLiteral("<p style=\"margin:2px 0\">• ") + sentence.toHtmlEscaped() + QStringLiteral("</p>");
    }
    if (const QString note = charted.note(); !note.isEmpty()) {
        html += QStringLiteral("<p style=\"margin:2px 0\"><i>") + note.toHtmlEscaped() + QStringLiteral("</i></p>");
    }
    m_text->setText(html);
}

}  // namespace graphlens::ui
