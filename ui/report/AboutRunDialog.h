#pragma once
// Help ▸ About This Run: the environment fingerprint and the method (steps, warm-up, rounds,
// passes) of the session shown, as the report states them (ReportContent), without writing a
// report. Not modal: it can stay open beside the charts.
#include "ui/report/ReportContent.h"

#include <QDialog>

class QTextBrowser;

namespace graphlens::ui {

class AboutRunDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutRunDialog(QWidget* parent = nullptr);

    void setContent(const ReportContent& content);
    QString text() const;  // what it shows, as plain text

    // The dialog's page: a title, the environment as a two-column table, the method paragraphs.
    static QString html(const ReportContent& content);

private:
    QTextBrowser* m_browser = nullptr;
};

}  // namespace graphlens::ui
