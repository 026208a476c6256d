#include "ui/report/SummaryCardWidget.h"

#include "ui/MeasurementTableModel.h"
#include "ui/report/SummaryCard.h"

#include <QLabel>
#include <QVBoxLayout>

namespace graphlens::ui {

SummaryCardWidget::SummaryCardWidget(QWidget* parent) : QFrame(parent), m_text(new QLabel) {
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
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &SummaryCardWidget::rebuild);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &SummaryCardWidget::rebuild);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &SummaryCardWidget::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &SummaryCardWidget::rebuild);
    }
    rebuild();
}

void SummaryCardWidget::rebuild() {
    m_sentences = summarySentences(m_model ? m_model->rows() : std::vector<results::Measurement>{});
    // One bullet paragraph per sentence: the card is a narrow strip, Qt's list indent would waste width.
    QString html;
    for (const auto& sentence : m_sentences) {
        html += QStringLiteral("<p style=\"margin:2px 0\">• ") + sentence.toHtmlEscaped() + QStringLiteral("</p>");
    }
    m_text->setText(html);
}

}  // namespace graphlens::ui
