#pragma once
// What the stakeholder report says, as plain values: title, summary sentences, environment and
// method, computed from a session without any widget (the charts are rendered separately, by
// ReportCharts, and the page is laid out by ReportHtml).
#include "results/Session.h"

#include <QColor>
#include <QImage>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace graphlens::ui {

// A legend line of a chart, drawn by the page rather than by Qt Charts: its one-row legend cuts a
// dozen long series names down to "resn…", while the page can wrap them.
struct ReportLegendEntry {
    QString label;
    QColor color;
    QString glyph;  // distinct within a chart (ReportSymbols): "━●━", "╍○╍" (lines), "█", "▨" (bars), "▲" (points)
};

struct ReportChart {
    QString title;    // the chart tab's title, e.g. "Speedup"
    QString caption;  // how to read it (ChartCaptions), printed above the image
    QImage image;     // rendered at a devicePixelRatio > 1 so that print stays sharp; without its legend
    QList<ReportLegendEntry> legend;
};

struct ReportContent {
    QString title;                                 // "CUDA graphs for resnet18 on NVIDIA H200"
    QString subtitle;                              // session id, when measured, GraphLens version
    QStringList summary;                           // summarySentences()
    QString buildWarning;                          // BuildWarning: set when a Debug build measured the session
    QString environmentLine;                       // environmentSummary(): the one-line fingerprint
    QList<QPair<QString, QString>> environment;    // label, value; only the facts the session has
    QStringList method;                            // paragraphs: steps, warm-up, rounds, passes, ...
    // Set instead of charts when there is nothing to compare: a CPU-only session (ranOnCpuOnly).
    QString chartsNote;
    // How the charts group their series when not by family (groupingSentence): "Series by GPU: rows
    // from 2 GPUs on 2 hosts". Set by writeReport with the grouping it draws the charts with.
    QString seriesBy;
    QList<ReportChart> charts;
};

// Everything but the charts.
ReportContent reportContent(const results::Session& session);
// True when no graphed arm ran because the session had no CUDA device: its graphed rows were all
// skipped, so every chart comparing the arms would be empty.
bool ranOnCpuOnly(const results::Session& session);

}  // namespace graphlens::ui
