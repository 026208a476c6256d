#include "ui/report/AboutRunDialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace graphlens::ui {

AboutRunDialog::AboutRunDialog(QWidget* parent) : QDialog(parent), m_browser(new QTextBrowser) {
    setObjectName(QStringLiteral("aboutRunDialog"));
    setWindowTitle(tr("About This Run"));
    m_browser->setAccessibleName(tr("Environment and method of this run"));
    m_browser->setOpenExternalLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(640, 560);
}

void AboutRunDialog::setContent(const ReportContent& content) { m_browser->setHtml(html(content)); }

QString AboutRunDialog::text() const { return m_browser->toPlainText(); }

QString AboutRunDialog::html(const ReportContent& content) {
    QString page = QStringLiteral("<h3>") + content.title.toHtmlEscaped() + QStringLiteral("</h3>");
    if (!content.subtitle.isEmpty()) page += QStringLiteral("<p>") + content.subtitle.toHtmlEscaped() + QStringLiteral("</p>");
    if (!content.buildWarning.isEmpty()) {
        page += QStringLiteral("<p style=\"color:#c0392b\"><b>") + tr("Not representative:") + QStringLiteral("</b> ") +
                content.buildWarning.toHtmlEscaped() + QStringLiteral("</p>");
    }
    page += QStringLiteral("<h4>") + tr("Environment") + QStringLiteral("</h4>");
    if (content.environment.isEmpty()) {
        page += QStringLiteral("<p>") + tr("No environment recorded: open a session or run a sweep.") + QStringLiteral("</p>");
    } else {
        page += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
        for (const auto& [label, value] : content.environment) {
            page += QStringLiteral("<tr><td><b>") + label.toHtmlEscaped() + QStringLiteral("</b></td><td>") +
                    value.toHtmlEscaped() + QStringLiteral("</td></tr>");
        }
        page += QStringLiteral("</table>");
    }
    page += QStringLiteral("<h4>") + tr("Method") + QStringLiteral("</h4>");
    for (const auto& paragraph : content.method) page += QStringLiteral("<p>") + paragraph.toHtmlEscaped() + QStringLiteral("</p>");
    return page;
}

}  // namespace graphlens::ui
