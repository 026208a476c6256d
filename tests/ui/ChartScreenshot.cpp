// Renders one tab of the charts panel over a results file to a PNG, offscreen:
//   graphlens_ui_chart_screenshot <results file> <tab title> <out.png> [<width>x<height>]
// The screenshot CTests (ui.screenshot.<view>) run it on the real H200 fixtures. It fails (exit 1,
// the problems on stderr) when a legend entry of the chart is not drawn whole, or any of its texts is
// cut short (LegendReadability).
#include "LegendReadability.h"
#include "results/Session.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementTableModel.h"

#include <QApplication>
#include <QGraphicsView>
#include <QTimer>
#include <cstdio>

int main(int argc, char* argv[]) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: %s <results file> <tab title> <out.png> [<width>x<height>]\n", argv[0]);
        return 2;
    }
    graphlens::ui::MeasurementTableModel model;
    try {
        model.resetData(graphlens::results::readAnyResultsFile(argv[1]).rows);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "cannot open %s: %s\n", argv[1], error.what());
        return 2;
    }
    graphlens::ui::ChartsPanel panel;
    panel.setModel(&model);
    const QString tab = QString::fromLocal8Bit(argv[2]);
    int index = -1;
    for (int i = 0; i < panel.count(); ++i) {
        if (panel.tabText(i) == tab) index = i;
    }
    if (index < 0) {
        std::fprintf(stderr, "no tab named %s\n", argv[2]);
        return 2;
    }
    panel.setCurrentIndex(index);
    QSize size(1100, 650);
    if (argc == 5) {
        const auto parts = QString::fromLocal8Bit(argv[4]).split(QLatin1Char('x'));
        if (parts.size() == 2) size = QSize(parts[0].toInt(), parts[1].toInt());
    }
    panel.resize(size);
    panel.show();
    int status = 1;
    QTimer::singleShot(300, &panel, [&] {
        if (panel.grab().save(QString::fromLocal8Bit(argv[3]))) status = 0;
        else std::fprintf(stderr, "cannot write %s\n", argv[3]);
        if (auto* view = qobject_cast<QGraphicsView*>(panel.currentWidget())) {
            QStringList problems = graphlens::ui::test::legendProblems(view);
            const auto elided = graphlens::ui::test::elidedTexts(view);
            for (const auto& text : elided) problems << QStringLiteral("'%1' is cut short").arg(text);
            for (const auto& problem : problems) std::fprintf(stderr, "legend: %s\n", qPrintable(problem));
            if (!problems.isEmpty()) status = 1;
        }
        QApplication::quit();
    });
    QApplication::exec();
    return status;
}
