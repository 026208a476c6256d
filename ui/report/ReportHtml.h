#pragma once
// The report as one HTML page. The same markup feeds the browser file (charts inline as base64
// PNG data URLs: one file, nothing external) and the PDF (QTextDocument, charts as document
// resources named by chartResourceName), so the two cannot drift apart.
#include "ui/report/ReportContent.h"

#include <QString>

namespace graphlens::ui {

struct ReportHtmlOptions {
    bool inlineImages = true;  // false: <img src="chartResourceName(i)"> for QTextDocument::addResource
    int imageWidth = 0;        // 0: as wide as the page (CSS); otherwise this many layout pixels
};

QString chartResourceName(int index);
QString reportHtml(const ReportContent& content, const ReportHtmlOptions& options = {});

}  // namespace graphlens::ui
