// Renders one tab of the charts panel over a results file to a PNG, offscreen:
//   graphlens_ui_chart_screenshot <results file> <tab title> <out.png>
// The screenshot CTests (ui.screenshot.<view>) run it on the real H200 fixture.
#include "results/Session.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/models/MeasurementTableModel.h"

#include <QApplication>
#include <QTimer>
#include <cstdio>

int main(int argc, char* argv[]) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <results file> <tab title> <out.png>\n", argv[0]);
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
    panel.resize(1100, 650);
    panel.show();
    int status = 1;
    QTimer::singleShot(300, &panel, [&] {
        if (panel.grab().save(QString::fromLocal8Bit(argv[3]))) status = 0;
        else std::fprintf(stderr, "cannot write %s\n", argv[3]);
        QApplication::quit();
    });
    QApplication::exec();
    return status;
}
